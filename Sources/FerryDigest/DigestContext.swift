import CCrypto

/// Owns one libcrypto digest context; `MessageDigest` copies it before writing when it is shared.
final class DigestContext {
    let pointer: OpaquePointer

    init(_ algorithm: DigestAlgorithm) {
        pointer = Self.allocate()
        guard EVP_DigestInit_ex(pointer, algorithm.evp, nil) == 1 else { fatalError("libcrypto could not start a digest") }
    }

    /// A context in the same state as `other`.
    init(copying other: DigestContext) {
        pointer = Self.allocate()
        guard EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else { fatalError("libcrypto could not copy a digest") }
    }

    deinit { EVP_MD_CTX_free(pointer) }

    private static func allocate() -> OpaquePointer {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
        return context
    }
}
