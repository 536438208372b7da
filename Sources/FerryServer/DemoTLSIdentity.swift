import Crypto
import Foundation
import SwiftASN1
import X509

/// A self-signed certificate for `localhost` and 127.0.0.1, made fresh at start-up, so the demo
/// server can speak TLS with nothing on disk. Clients trust it through `certificatePEM` (`--cacert`)
/// or pin it through `publicKeyPin` (`--pinned-pubkey`).
public struct DemoTLSIdentity: Sendable {
    public let certificatePEM: String
    public let privateKeyPEM: String
    /// `sha256//<base64 of SHA-256 over the DER SubjectPublicKeyInfo>`, curl's pin format.
    public let publicKeyPin: String

    public static func generate(commonName: String = "Ferry demo server") throws -> DemoTLSIdentity {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName(commonName) }
        let now = Date()
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(30 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(key))
        let spkiHash = SHA256.hash(data: key.publicKey.derRepresentation)
        return DemoTLSIdentity(
            certificatePEM: try certificate.serializeAsPEM().pemString,
            privateKeyPEM: key.pemRepresentation,
            publicKeyPin: "sha256//" + Data(spkiHash).base64EncodedString())
    }
}
