import FerryDigest
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a random verifier kept by the
/// client, and its SHA-256 (base64url) sent with the authorization request.
struct PKCE: Sendable {
    let verifier: String

    init() { verifier = Self.randomToken(bytes: 32) }

    init(verifier: String) { self.verifier = verifier }

    /// `BASE64URL(SHA256(verifier))`.
    var challenge: String { Self.base64URL(Data(MessageDigest.hash(.sha256, data: Data(verifier.utf8)))) }

    /// `bytes` random bytes as base64url without padding (43 characters for 32 bytes).
    static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
