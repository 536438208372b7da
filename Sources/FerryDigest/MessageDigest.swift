import CCrypto
import Foundation

/// A running hash over bytes given piece by piece, computed by OpenSSL's libcrypto (which libcurl
/// already loads), so Ferry compiles no TLS library of its own for hashing. A value type: a copy
/// hashes on independently, and `finalize()` leaves the running hash as it was.
public struct MessageDigest: @unchecked Sendable {
    private var context: DigestContext

    public init(_ algorithm: DigestAlgorithm) {
        context = DigestContext(algorithm)
    }

    public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        if !isKnownUniquelyReferenced(&context) { context = DigestContext(copying: context) }
        guard EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count) == 1 else { fatalError("libcrypto could not hash") }
    }

    public mutating func update(data: some DataProtocol) {
        for region in data.regions { region.withUnsafeBytes { update(bufferPointer: $0) } }
    }

    /// The digest of everything given so far.
    public func finalize() -> [UInt8] {
        let copy = DigestContext(copying: context)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(copy.pointer, &digest, &length) == 1 else { fatalError("libcrypto could not finish a digest") }
        return Array(digest.prefix(Int(length)))
    }

    /// The digest of `data` in one call.
    public static func hash(_ algorithm: DigestAlgorithm, data: some DataProtocol) -> [UInt8] {
        var digest = MessageDigest(algorithm)
        digest.update(data: data)
        return digest.finalize()
    }

    /// HMAC-SHA256 of `data` under `key`.
    public static func hmacSHA256(key: some DataProtocol, data: some DataProtocol) -> [UInt8] {
        let key = Array(key), data = Array(data)
        var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &mac, &length) != nil else {
            fatalError("libcrypto could not compute an HMAC")
        }
        return Array(mac.prefix(Int(length)))
    }
}
