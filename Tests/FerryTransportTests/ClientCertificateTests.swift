import FerryCore
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Client certificates (mutual TLS) against `openssl s_server -Verify 1`: refused without one,
/// accepted with a PEM certificate and its encrypted key, or a PKCS#12 bundle.
@Suite struct ClientCertificateTests {
    @Test func aServerThatAsksForACertificateGetsOne() async throws {
        let server = try await OpenSSLServer.start()
        defer { server.stop() }
        let directory = server.directory
        var request = Request(url: try Request.parseURL(server.url))
        request.options.tls.caFile = directory.file("ca.pem")
        let refused = await #expect(throws: FerryError.self, "no certificate, no handshake") {
            try await CurlTransport().send(request, receivingInto: .default, progress: nil)
        }
        #expect(refused != nil)

        request.options.tls.clientCertificate = directory.file("client.pem")
        request.options.tls.clientKey = directory.file("client.key")
        request.clientKeyPassphrase = server.passphrase
        let pem = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
        #expect(pem.status == 200)
        let page = String(decoding: try pem.body.data(), as: UTF8.self)
        #expect(page.contains("Client certificate") && page.contains("CN=ferry-client"), "\(page)")

        request.options.tls.clientCertificate = directory.file("client.p12")
        request.options.tls.clientKey = nil
        request.options.tls.clientCertificateType = "P12"
        let p12 = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
        #expect(String(decoding: try p12.body.data(), as: UTF8.self).contains("CN=ferry-client"))

        request.clientKeyPassphrase = "wrong"
        await #expect(throws: FerryError.self, "a wrong passphrase cannot open the bundle") {
            try await CurlTransport().send(request, receivingInto: .default, progress: nil)
        }
    }
}
