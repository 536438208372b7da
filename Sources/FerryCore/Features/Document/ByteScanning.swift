/// Byte-level checks and descriptions shared by Ferry's document parsers.
enum ByteScanning {
    /// The length of the valid UTF-8 sequence starting at `start` (which must not be ASCII), or nil
    /// for overlongs, surrogates, values past U+10FFFF, bad continuation bytes and truncation.
    @inline(__always)
    static func utf8SequenceLength(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch p[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard start + length <= p.count, (lower...upper).contains(p[start + 1]) else { return nil }
        if length > 2 {
            for offset in 2..<length where !(0x80...0xBF).contains(p[start + offset]) { return nil }
        }
        return length
    }

    /// The message for an invalid UTF-8 sequence at `start`.
    static func utf8Problem(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> String {
        let lead = p[start]
        if lead < 0xC2 || lead > 0xF4 { return "invalid UTF-8 byte 0x\(hex(lead))" }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return start + length > p.count ? "truncated UTF-8 sequence" : "invalid UTF-8 sequence"
    }

    /// The byte at `offset` for a message: a printable ASCII character in backticks, else its hex value.
    static func describe(_ p: UnsafeBufferPointer<UInt8>, at offset: Int, quoted: Bool = true) -> String {
        guard offset < p.count else { return "end of input" }
        let byte = p[offset]
        guard (0x21...0x7E).contains(byte) else { return "byte 0x\(hex(byte))" }
        let character = String(UnicodeScalar(byte))
        return quoted ? "`\(character)`" : character
    }

    static func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true).leftPadded(to: 2, with: "0") }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The value of a hex digit, or nil.
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
