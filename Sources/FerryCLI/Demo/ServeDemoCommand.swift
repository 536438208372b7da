import ArgumentParser
import FerryDemoOptions
import Foundation

/// `ferry serve-demo`: runs Ferry's local demo server (the `ferry-demo-server` program beside
/// `ferry`) in the foreground until interrupted; the options are passed on to it.
struct ServeDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Run Ferry's local demo server (httpbin-like, with misbehaviour) in the foreground.")

    @OptionGroup var options: DemoServerOptions

    func run() throws {
        let path = try DemoServerProcess.checkedProgramPath()
        var argv = ([path] + options.arguments).map { strdup($0) } + [nil]
        execv(path, &argv)
        throw DemoServerProcess.Failure(description: "cannot run the demo server \(path): \(String(cString: strerror(errno)))")
    }
}
