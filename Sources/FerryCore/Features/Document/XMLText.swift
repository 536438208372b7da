/// XML names, the predefined entities, and decoding of text and attribute values (references
/// replaced, line ends normalised) from bytes the scanner has already checked.
enum XMLText {
    static let predefinedEntities: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    @inline(__always)
    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || ByteScanning.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether a non-ASCII character may start (`initial`) or continue an XML name (XML 1.0 fifth edition).
    static func isNameScalar(_ value: UInt32, initial: Bool) -> Bool {
        let starts: [ClosedRange<UInt32>] = [
            0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF,
        ]
        if starts.contains(where: { $0.contains(value) }) { return true }
        return !initial && (value == 0xB7 || (0x300...0x36F).contains(value) || (0x203F...0x2040).contains(value))
    }

    /// The name starting at `start`.
    static func name(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> String {
        var end = start
        while end < p.count, isNameCharacter(p[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
    }

    /// Text with references decoded and CR LF / CR as LF; in attribute values, tabs and line
    /// ends become spaces (XML 1.0 §3.3.3).
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isAttribute: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = p[i]
            switch byte {
            case UInt8(ascii: "&"):
                var end = i + 1
                while p[end] != UInt8(ascii: ";") { end += 1 }
                bytes.append(contentsOf: reference(String(decoding: UnsafeBufferPointer(rebasing: p[i + 1..<end]), as: UTF8.self)).utf8)
                i = end + 1
            case 0x0D:
                bytes.append(isAttribute ? 0x20 : 0x0A)
                i += i + 1 < range.upperBound && p[i + 1] == 0x0A ? 2 : 1
            case 0x09 where isAttribute, 0x0A where isAttribute:
                bytes.append(0x20)
                i += 1
            default:
                bytes.append(byte)
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `name` from `&name;` (a predefined entity or `#…` character reference).
    private static func reference(_ name: String) -> String {
        if let text = predefinedEntities[name] { return text }
        let digits = name.dropFirst()
        let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
    }
}
