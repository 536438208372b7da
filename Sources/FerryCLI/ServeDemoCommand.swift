import ArgumentParser
import FerryServer
import Foundation

/// `ferry serve-demo`: runs Ferry's local demo server in the foreground until interrupted.
struct ServeDemoCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Run Ferry's local demo server (httpbin-like, with misbehaviour) in the foreground.")

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Flag(help: "Speak https with a freshly generated self-signed certificate.")
    var tls = false

    @Option(name: .customLong("cert-out"), help: ArgumentHelp("With --tls, write the certificate (PEM) here for --cacert.", valueName: "file"))
    var certificateOutput: String?

    @Option(name: .customLong("unix-socket"), help: ArgumentHelp("Listen on this Unix domain socket instead of a TCP port.", valueName: "path"))
    var unixSocket: String?

    @Option(name: .customLong("token-lifetime"), help: ArgumentHelp("How long its OAuth 2.0 access tokens live.", valueName: "seconds"))
    var tokenLifetime = 300

    func execute() async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be at least 1 second") }
        let identity = tls ? try DemoTLSIdentity.generate() : nil
        if let identity, let certificateOutput {
            try identity.certificatePEM.write(toFile: certificateOutput, atomically: true, encoding: .utf8)
        }
        let server = try await DemoServer.start(port: port, tls: identity, unixSocket: unixSocket, tokenLifetime: tokenLifetime)
        let stdout = OutputStream.standardOutput
        stdout.line("Ferry demo server listening on " + (unixSocket.map { "the Unix socket \($0)" } ?? server.baseURL))
        if let identity { stdout.line("TLS public key pin: \(identity.publicKeyPin)") }
        stdout.write(DemoRoutes.indexText)
        await server.waitUntilClosed()
    }
}
