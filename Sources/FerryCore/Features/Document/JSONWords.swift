/// Eight-byte loads and per-byte tests for `JSONScanner`'s wide steps (SIMD within a register).
///
/// A word is read little-endian, so byte `k` of the input is bits `8k..<8k+8` and the first byte a
/// test flags is at `trailingZeroBitCount >> 3`. The tests set bit 7 of each flagged byte. Those
/// built on subtraction may also flag bytes *after* a truly flagged one (a borrow runs upward),
/// never before it, so the lowest flag is always exact, which is all the scanner reads.
enum JSONWords {
    @inline(__always)
    static func load64(_ p: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    static func load32(_ p: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 { load32(p.baseAddress!, at: offset) }

    @inline(__always)
    static func load32(_ p: UnsafePointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(p + offset).loadUnaligned(as: UInt32.self))
    }

    /// Flags the bytes a string cannot skip over: `"`, `\`, controls below 0x20 and non-ASCII.
    @inline(__always)
    static func stringSpecials(_ word: UInt64) -> UInt64 {
        let quote = zeroBytes(word ^ 0x2222_2222_2222_2222)
        let backslash = zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        return (quote | backslash | control | word) & 0x8080_8080_8080_8080
    }

    /// Flags the bytes that are not ASCII digits; exact for every byte (no borrows cross bytes).
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let highNibble = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030  // not 0x3_
        let lowNibble = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0  // _A to _F
        let other = highNibble | lowNibble
        return (((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | other) & 0x8080_8080_8080_8080
    }

    /// Sets bit 7 of the zero bytes (and possibly of bytes after the first one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- 0x0101_0101_0101_0101) & ~word }
}
