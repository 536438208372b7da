import ArgumentParser
import FerryDemoOptions
import FerryServer
import Foundation

/// `ferry-demo-server`: Ferry's local demo server, a program of its own so the `ferry` binary does
/// not carry it. `ferry serve-demo` runs it in the foreground (same options); `ferry demo` starts it
/// beside itself with `--until-stdin-closes` and reads the first lines it prints.
struct DemoServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ferry-demo-server",
        abstract: "Ferry's local demo server (httpbin-like, with misbehaviour); `ferry serve-demo` runs it.")

    @OptionGroup var options: DemoServerOptions

    @Flag(
        name: .customLong("until-stdin-closes"),
        help: ArgumentHelp("Exit when standard input reaches its end (when the program that started the server ends).", visibility: .hidden)
    )
    var untilStandardInputCloses = false

    /// Starts the server, prints where it listens (and the TLS pin), then serves until closed.
    func serve() async throws {
        let identity = options.tls ? try DemoTLSIdentity.load() : nil
        if let identity, let certificateOutput = options.certificateOutput {
            try identity.certificatePEM.write(toFile: certificateOutput, atomically: true, encoding: .utf8)
        }
        let server = try await DemoServer.start(
            port: options.port, tls: identity, unixSocket: options.unixSocket, tokenLifetime: options.tokenLifetime)
        var banner = "Ferry demo server listening on " + (options.unixSocket.map { "the Unix socket \($0)" } ?? server.baseURL) + "\n"
        if let identity { banner += "TLS public key pin: \(identity.publicKeyPin)\n" }
        FileHandle.standardOutput.write(Data((banner + DemoRoutes.indexText).utf8))
        if untilStandardInputCloses { Self.exitWhenStandardInputCloses() }
        await server.waitUntilClosed()
    }

    /// Reads standard input away on a thread of its own and exits at its end.
    private static func exitWhenStandardInputCloses() {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count == 0 || (count < 0 && errno != EINTR) { Foundation.exit(0) }
            }
        }.start()
    }
}
