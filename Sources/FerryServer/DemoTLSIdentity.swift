import CCrypto
import FerryDigest
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
        let spkiHash = MessageDigest.hash(.sha256, data: try subjectPublicKeyInfo(ofPEM: certificatePEM))
        return DemoTLSIdentity(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM,
                               publicKeyPin: "sha256//" + Data(spkiHash).base64EncodedString())
    }

    /// The DER SubjectPublicKeyInfo of the first certificate in `pem`, read with libcrypto.
    private static func subjectPublicKeyInfo(ofPEM pem: String) throws -> [UInt8] {
        let text = Array(pem.utf8)
        let certificate = text.withUnsafeBytes { raw -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
        guard let certificate else { throw UnreadableCertificate() }
        defer { X509_free(certificate) }
        let publicKey = X509_get_X509_PUBKEY(certificate)
        let count = i2d_X509_PUBKEY(publicKey, nil)
        guard count > 0 else { throw UnreadableCertificate() }
        var der = [UInt8](repeating: 0, count: Int(count))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509_PUBKEY(publicKey, &cursor)
        }
        guard written == count else { throw UnreadableCertificate() }
        return der
    }

    /// The committed certificate is not a PEM certificate libcrypto can read.
    struct UnreadableCertificate: Error {}
}
