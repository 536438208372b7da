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

    @Option(name: .customLong("token-lifetime"), help: ArgumentHelp("How long its OAuth 2.0 access tokens live.", valueName: "seconds"))
    var tokenLifetime = 300

    func run() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be at least 1 second") }
        let path = try DemoServerProcess.checkedProgramPath()
        var arguments: [String] = [path, "--port", String(port), "--token-lifetime", String(tokenLifetime)]
        if tls { arguments.append("--tls") }
        if let certificateOutput { arguments += ["--cert-out", certificateOutput] }
        if let unixSocket { arguments += ["--unix-socket", unixSocket] }
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        throw DemoServerProcess.Failure(description: "cannot run the demo server \(path): \(String(cString: strerror(errno)))")
    }
}
