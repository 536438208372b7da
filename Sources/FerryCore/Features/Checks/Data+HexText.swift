import Foundation

extension Data {
    /// The bytes as lower-case hex, as a byte value compares with a string (`sha256 == "e3b0…"`).
    public var hexText: String { map { String(format: "%02x", $0) }.joined() }

    /// The bytes `text` spells in hex (either case, whitespace between digits ignored); nil for an
    /// odd number of digits or a character that is not one.
    public init?(hexText text: String) {
        let digits = Array(text.utf8.filter { !(9...13).contains($0) && $0 != 32 })
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for offset in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[offset]), let low = Self.nibble(digits[offset + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
