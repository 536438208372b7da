/// Deterministic pseudo-random bytes: the same seed always gives the same stream, and any range
/// can be produced on its own, so the server streams huge bodies and tests recompute them.
public struct SeededBytes: Sendable {
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// Writes the bytes at `offset ..< offset + buffer.count` of the stream into `buffer`.
    public func fill(_ buffer: UnsafeMutableRawBufferPointer, from offset: Int) {
        var position = offset
        var index = 0
        while index < buffer.count {
            let word = Self.mix(seed &+ UInt64(position / 8))
            let shift = (position % 8) * 8
            buffer[index] = UInt8(truncatingIfNeeded: word >> UInt64(shift))
            index += 1
            position += 1
            if position % 8 == 0 {
                while buffer.count - index >= 8 {
                    buffer.storeBytes(of: Self.mix(seed &+ UInt64(position / 8)).littleEndian, toByteOffset: index, as: UInt64.self)
                    index += 8
                    position += 8
                }
            }
        }
    }

    /// `count` bytes from `offset`.
    public func bytes(from offset: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer), from: offset)
            initialized = count
        }
    }

    /// SplitMix64's finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
