import FerryDigest
import FerryTLS
import Foundation

/// The demo server's TLS identity: a self-signed certificate for `localhost` and 127.0.0.1 with its
/// P-256 key, generated once with `openssl req` and committed in TestIdentity/ (a test identity,
/// not a secret: see the README there). Clients trust it through `certificatePEM` (`--cacert`) or
/// pin it through `publicKeyPin` (`--pinned-pubkey`).
public struct DemoTLSIdentity: Sendable {
    public let certificatePEM: String
    public let privateKeyPEM: String
    /// `sha256//<base64 of SHA-256 over the DER SubjectPublicKeyInfo>`, curl's pin format.
    public let publicKeyPin: String

    /// The committed identity, read from the server's resources.
    public static func load() throws -> DemoTLSIdentity {
        let folder = Bundle.module.bundlePath + "/TestIdentity"
        let certificatePEM = try String(contentsOfFile: folder + "/demo-server.cert.pem", encoding: .utf8)
        let privateKeyPEM = try String(contentsOfFile: folder + "/demo-server.key.pem", encoding: .utf8)
        let spkiHash = MessageDigest.hash(.sha256, data: try TLSContext.subjectPublicKeyInfo(ofCertificatePEM: certificatePEM))
        return DemoTLSIdentity(
            certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM,
            publicKeyPin: "sha256//" + Data(spkiHash).base64EncodedString())
    }
}
