import CXXHash
import Foundation

/// A running XXH3-128 (Debian's libxxhash) over bytes given piece by piece: the history's fingerprint
/// of a response body, about 20 times as fast as SHA-256 and not meant to withstand an attacker.
/// `finalize()` leaves the running hash as it was.
public final class XXH3Hash128 {
    private let state: OpaquePointer

    public init() {
        guard let state = XXH3_createState(), XXH3_128bits_reset(state) == XXH_OK else {
            fatalError("libxxhash could not start a hash")
        }
        self.state = state
    }

    deinit { XXH3_freeState(state) }

    public func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        guard ferry_xxh3_128_update(state, bytes.baseAddress, bytes.count) == XXH_OK else { fatalError("libxxhash could not hash") }
    }

    public func update(data: some DataProtocol) {
        for region in data.regions { region.withUnsafeBytes { update(bufferPointer: $0) } }
    }

    /// The 16 bytes of the hash in xxHash's canonical (big-endian) order, as `xxhsum -H2` prints them.
    public func finalize() -> [UInt8] {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
        return withUnsafeBytes(of: canonical.digest) { Array($0) }
    }
}
