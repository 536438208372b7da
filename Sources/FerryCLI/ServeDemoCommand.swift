import ArgumentParser
import Foundation

/// `ferry serve-demo`: runs Ferry's local demo server (the `ferry-demo-server` program beside
/// `ferry`) in the foreground until interrupted; the options are passed on to it.
struct ServeDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Run Ferry's local demo server (httpbin-like, with misbehaviour) in the foreground.")

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Flag(help: "Speak https with the demo's test certificate (not secret; its pin is printed).")
    var tls = false

    @Option(name: .customLong("cert-out"), help: ArgumentHelp("With --tls, write the certificate (PEM) here for --cacert.", valueName: "file"))
    var certificateOutput: String?

    @Option(name: .customLong("unix-socket"), help: ArgumentHelp("Listen on this Unix domain socket instead of a TCP port.", valueName: "path"))
    var unixSocket: String?

    func run() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        let path = try DemoServerProcess.checkedProgramPath()
        let arguments = [path, "--port", String(port)] + (tls ? ["--tls"] : [])
            + (certificateOutput.map { ["--cert-out", $0] } ?? []) + (unixSocket.map { ["--unix-socket", $0] } ?? [])
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        throw DemoServerProcess.Failure(description: "cannot run the demo server \(path): \(String(cString: strerror(errno)))")
    }
}
