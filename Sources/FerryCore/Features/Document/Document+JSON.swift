import Foundation

extension Document {
    /// The key of an object member, decoded.
    func jsonKey(of index: Int) -> String? {
        guard let range = jsonKeyRange(of: index) else { return nil }
        return bytes.withUnsafeBytes { raw in Self.decodeJSONString(raw.bindMemory(to: UInt8.self), range) }
    }

    /// The byte range of a member's key literal (quotes included): the string before the `:`
    /// that precedes the value. It is found by scanning back from the value, so keys cost no
    /// memory until they are shown, and no walk to the parent: only an object member's value
    /// follows a colon. An opening quote is never escaped, while a quote inside the key always
    /// follows an odd run of backslashes.
    func jsonKeyRange(of index: Int) -> Range<Int>? {
        bytes.withUnsafeBytes { raw -> Range<Int>? in
            let p = raw.bindMemory(to: UInt8.self)
            var i = Int(table.starts[index]) - 1
            while i >= 0, Self.isJSONWhitespace(p[i]) { i -= 1 }
            guard i > 0, p[i] == UInt8(ascii: ":") else { return nil }
            i -= 1
            while Self.isJSONWhitespace(p[i]) { i -= 1 }
            let closingQuote = i
            var opening = closingQuote - 1
            while true {
                if p[opening] == UInt8(ascii: "\"") {
                    var backslashes = 0
                    while p[opening - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
                    if backslashes % 2 == 0 { break }
                }
                opening -= 1
            }
            return opening..<closingQuote + 1
        }
    }

    func jsonValue(of index: Int) -> String {
        let range = Int(table.starts[index])..<Int(table.links[index])
        guard table.kinds[index] == NodeKind.string.rawValue else { return text(in: range) }
        return bytes.withUnsafeBytes { raw in Self.decodeJSONString(raw.bindMemory(to: UInt8.self), range) }
    }

    /// Decodes a validated JSON string literal (quotes included in `range`).
    static func decodeJSONString(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let inner = range.lowerBound + 1..<range.upperBound - 1
        guard inner.contains(where: { p[$0] == UInt8(ascii: "\\") }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: p[inner]), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var i = inner.lowerBound
        while i < inner.upperBound {
            let byte = p[i]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                i += 1
                continue
            }
            let escaped = p[i + 1]
            i += 2
            switch escaped {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(p, i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (hexValue(p, i + 2) - 0xDC00)
                    i += 6
                }
                bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: bytes.append(escaped)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in p[start..<start + 4] {
            value = value << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
        }
        return value
    }

    static func isJSONWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
