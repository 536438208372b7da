import ArgumentParser

/// The demo server's options, one definition for `ferry-demo-server` and `ferry serve-demo` (which
/// hands them on as `arguments`), so the two cannot drift apart.
public struct DemoServerOptions: ParsableArguments, Sendable {
    @Option(help: "The port to listen on; 0 picks a free one.")
    public var port: Int = 0

    @Flag(help: "Speak https with the demo's test certificate (not secret; its pin is printed).")
    public var tls = false

    @Option(
        name: .customLong("cert-out"), help: ArgumentHelp("With --tls, write the certificate (PEM) here for --cacert.", valueName: "file"))
    public var certificateOutput: String?

    @Option(
        name: .customLong("unix-socket"), help: ArgumentHelp("Listen on this Unix domain socket instead of a TCP port.", valueName: "path"))
    public var unixSocket: String?

    @Option(name: .customLong("token-lifetime"), help: ArgumentHelp("How long its OAuth 2.0 access tokens live.", valueName: "seconds"))
    public var tokenLifetime = 300

    public init() {}

    public mutating func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be at least 1 second") }
    }

    /// The options as command-line arguments, to pass on to `ferry-demo-server`.
    public var arguments: [String] {
        var arguments = ["--port", String(port), "--token-lifetime", String(tokenLifetime)]
        if tls { arguments.append("--tls") }
        if let certificateOutput { arguments += ["--cert-out", certificateOutput] }
        if let unixSocket { arguments += ["--unix-socket", unixSocket] }
        return arguments
    }
}
