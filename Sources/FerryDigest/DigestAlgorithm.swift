import CCrypto

/// The hash functions Ferry uses: SHA-256 for bodies and keys, SHA-1 only where a protocol asks for
/// it (the WebSocket handshake).
public enum DigestAlgorithm: Sendable {
    case sha1, sha256

    /// libcrypto's description of the function (static, never freed).
    var evp: OpaquePointer {
        switch self {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        }
    }
}
