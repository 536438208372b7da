import Foundation

/// `openssl s_server -www` on a free 127.0.0.1 port: a TLS server from outside the project whose
/// certificate names `subjectAltName` (127.0.0.1 unless told), signed by a CA of its own; by
/// default (`-Verify 1`) it refuses a handshake without a client certificate that CA signed, and
/// answers `GET /` with a status page naming it. The certificates are made by the `openssl`
/// command in a folder of their own.
public final class OpenSSLServer: @unchecked Sendable {
    /// `https://127.0.0.1:PORT/`.
    public let url: String
    public let port: Int
    /// The files: `ca.pem`, `client.pem`, `client.key` (passphrase `passphrase`), `client.p12` (the same).
    public let directory: TemporaryDirectory
    public let passphrase = "s3cret-key"
    private let process: Process

    private init(port: Int, directory: TemporaryDirectory, process: Process) {
        url = "https://127.0.0.1:\(port)/"
        self.port = port
        self.directory = directory
        self.process = process
    }

    /// Makes the certificates and starts the server; throws with openssl's words when a step fails.
    /// Without `requiringClientCertificate` it takes any client and no client certificate is made.
    public static func start(
        subjectAltName: String = "IP:127.0.0.1", requiringClientCertificate: Bool = true,
        timeout: TimeInterval = 30
    ) async throws -> OpenSSLServer {
        let directory = try TemporaryDirectory()
        try "subjectAltName=\(subjectAltName)\n".write(toFile: directory.file("san.ext"), atomically: true, encoding: .utf8)
        let pass = "pass:s3cret-key"
        var steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj",
                "/CN=Ferry Test CA",
            ],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days",
                "2", "-extfile", "san.ext",
            ],
        ]
        if requiringClientCertificate {
            steps += [
                [
                    "req", "-newkey", "rsa:2048", "-keyout", "client.key", "-passout", pass, "-out", "client.csr", "-subj",
                    "/CN=ferry-client",
                ],
                [
                    "x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "client.pem",
                    "-days", "2",
                ],
                [
                    "pkcs12", "-export", "-in", "client.pem", "-inkey", "client.key", "-passin", pass, "-out", "client.p12", "-passout",
                    pass,
                ],
            ]
        }
        for step in steps {
            let outcome = await ChildProcess.run("/usr/bin/openssl", step, directory: directory.path)
            guard outcome.status == 0 else { throw StartFailure(output: "openssl \(step.joined(separator: " ")): \(outcome.stderr)") }
        }
        let port = try unusedLocalPort()
        let verifying = requiringClientCertificate ? ["-CAfile", "ca.pem", "-Verify", "1"] : []
        let process = ChildProcess.start(
            "/usr/bin/openssl",
            ["s_server", "-accept", String(port), "-cert", "server.pem", "-key", "server.key"]
                + verifying + ["-www", "-quiet"], directory: directory.path)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if acceptsConnections(port: port) { return OpenSSLServer(port: port, directory: directory, process: process) }
            try await Task.sleep(for: .milliseconds(20))
        }
        ChildProcess.stop(process, grace: 1)
        throw StartFailure(output: "openssl s_server did not listen on \(port)")
    }

    public func stop() { ChildProcess.stop(process, grace: 3) }

    /// A step of making the certificates or starting the server failed.
    public struct StartFailure: Error, CustomStringConvertible {
        public var output: String
        public var description: String { output }
    }
}
