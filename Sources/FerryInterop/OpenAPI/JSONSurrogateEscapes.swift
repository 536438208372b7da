/// JSON spells a character beyond the Basic Multilingual Plane as a surrogate pair (`"\ud83d\udc4d"`,
/// 👍), which YAML's parser refuses ("invalid Unicode character escape code"): a valid JSON document
/// Ferry reads through Yams would be refused whole. `rewritten` spells each pair as YAML's
/// eight-digit escape (`\U0001F44D`) and a lone surrogate as U+FFFD, on the same line and column.
enum JSONSurrogateEscapes {
    /// `text` with its surrogate escapes rewritten; `text` itself when it holds none.
    static func rewritten(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard let first = firstSurrogate(in: bytes, from: 0) else { return text }
        var output: [UInt8] = Array(bytes[..<first])
        output.reserveCapacity(bytes.count)
        var index = first
        while index < bytes.count {
            guard isEscapedSurrogate(bytes, at: index), let high = hexValue(bytes, at: index + 2) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            if (0xD800...0xDBFF).contains(high), let low = hexValue(bytes, at: index + 8), bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"), (0xDC00...0xDFFF).contains(low)
            {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                output += Array(("\\U" + hex(scalar, digits: 8)).utf8)
                index += 12
            } else {
                output += Array("\\uFFFD".utf8)
                index += 6
            }
        }
        bytes = output
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first `\uD8..`–`\uDF..` escape, if any.
    private static func firstSurrogate(in bytes: [UInt8], from start: Int) -> Int? {
        (start..<bytes.count).first { isEscapedSurrogate(bytes, at: $0) }
    }

    /// True when a `\u` escape of a surrogate (D800–DFFF) starts at `index`, its backslash not itself escaped.
    private static func isEscapedSurrogate(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
            bytes[index + 2] | 0x20 == UInt8(ascii: "d"), let value = hexValue(bytes, at: index + 2), (0xD800...0xDFFF).contains(value)
        else { return false }
        var backslashes = 0
        while index - 1 - backslashes >= 0, bytes[index - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
        return backslashes % 2 == 0
    }

    /// The four hex digits at `index` as a number.
    private static func hexValue(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 4 <= bytes.count else { return nil }
        return Int(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    }

    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
