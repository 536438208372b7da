import FerryCore
import FerryDigest
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// TLS against the demo server's self-signed certificate: rejected by default, accepted when
/// trusted by `--insecure`, the CA file or a matching pin, refused on a mismatching pin.
@Suite struct TLSTests {
    @Test func selfSignedCertificatesAreVerifiedPinnedOrRefused() async throws {
        let identity = try DemoTLSIdentity.load()
        let directory = try TemporaryDirectory()
        let caFile = try directory.write("ca.pem", Data(identity.certificatePEM.utf8))
        try await withDemoServer(tls: identity) { server in
            let transport = CurlTransport()
            let url = try Request.parseURL("\(server.baseURL)/get")
            #expect(url.scheme == "https")

            let rejected = await failureKind { try await transport.send(Request(url: url), receivingInto: .default, progress: nil) }
            #expect(rejected == .certificateRejected)

            var insecure = Request(url: url)
            insecure.options.tls.verifyPeer = false
            #expect(try await transport.send(insecure, receivingInto: .default, progress: nil).status == 200)

            var trusted = Request(url: url)
            trusted.options.tls.caFile = caFile
            trusted.options.tls.pinnedPublicKey = identity.publicKeyPin
            let response = try await transport.send(trusted, receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            #expect(response.timeline[.tls] > 0)

            var localhost = trusted
            localhost.url = try Request.parseURL("https://localhost:\(server.port)/get")
            #expect(try await transport.send(localhost, receivingInto: .default, progress: nil).status == 200)

            var mismatched = trusted
            mismatched.options.tls.pinnedPublicKey =
                "sha256//" + Data(MessageDigest.hash(.sha256, data: Data("not the demo server's key".utf8))).base64EncodedString()
            let pinFailure = await failureKind { try await transport.send(mismatched, receivingInto: .default, progress: nil) }
            #expect(pinFailure == .publicKeyPinMismatch)
        }
    }
}
