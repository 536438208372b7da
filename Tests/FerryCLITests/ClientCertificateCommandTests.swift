import FerryTestSupport
import Foundation
import Testing

/// `--cert`, `--key`, `--cert-type` and `--pass` as curl spells them, against `openssl s_server -Verify 1`.
@Suite struct ClientCertificateCommandTests {
    @Test func theCertificateFlagsOpenAMutualTLSServer() async throws {
        let server = try await OpenSSLServer.start()
        defer { server.stop() }
        let files = server.directory
        let pem = await FerryBinary.run([
            "send", server.url, "--cacert", files.file("ca.pem"), "--cert", files.file("client.pem"),
            "--key", files.file("client.key"), "--pass", server.passphrase,
        ])
        #expect(pem.status == 0, "\(pem.stderr)")
        #expect(pem.text.contains("CN=ferry-client"))
        let p12 = await FerryBinary.run([
            "send", server.url, "--cacert", files.file("ca.pem"), "-E", files.file("client.p12"),
            "--cert-type", "p12", "--pass", server.passphrase,
        ])
        #expect(p12.text.contains("CN=ferry-client"), "\(p12.stderr)")
        let without = await FerryBinary.run(["send", server.url, "--cacert", files.file("ca.pem")])
        #expect(without.status == 2, "the handshake fails: a transport error")
        let badType = await FerryBinary.run(["send", server.url, "--cert", files.file("client.pem"), "--cert-type", "DER"])
        #expect(badType.status == 1)
        #expect(badType.stderr.contains("--cert-type: expected PEM or P12"))
        let missing = await FerryBinary.run(["send", server.url, "--cert", files.file("none.pem")])
        #expect(missing.status == 4)
    }
}
