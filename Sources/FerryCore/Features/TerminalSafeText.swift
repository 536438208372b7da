/// Makes untrusted text safe to show on a terminal: control characters and escape sequences
/// become visible escapes (`\x1B`, `\r`), so a response can never drive the terminal.
public enum TerminalSafeText {
    /// Escapes C0 controls (but newline and tab), DEL, C1 controls and the bidirectional embeddings,
    /// overrides and isolates (`\u{202E}`), which can make text read backwards. Invalid UTF-8 was
    /// already replaced by U+FFFD when the text was decoded.
    public static func escaping(_ text: String) -> String {
        guard needsEscaping(text.utf8) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                result.unicodeScalars.append(scalar)
            case 0x0D:
                result += "\\r"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2, with: "0")
            case 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when the UTF-8 holds something `escaping` changes, read byte by byte: most text holds
    /// nothing, `✓` and `…` (0xE2 like the bidirectional controls) included.
    private static func needsEscaping(_ bytes: String.UTF8View) -> Bool {
        var (secondLast, last): (UInt8, UInt8) = (0, 0)
        for byte in bytes {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return true }
            switch (secondLast, last, byte) {
            case (_, 0xC2, 0x80..<0xA0): return true  // C1 controls: C2 80 – C2 9F
            case (0xE2, 0x80, 0xAA...0xAE), (0xE2, 0x81, 0xA6...0xA9): return true  // U+202A–202E, U+2066–2069
            default: (secondLast, last) = (last, byte)
            }
        }
        return false
    }

    /// True when `bytes` look like text: valid UTF-8 with no NUL byte. With `isPrefix`, a character
    /// cut off at the end (the prefix of a longer body) does not count against it.
    public static func looksLikeText(_ bytes: [UInt8], isPrefix: Bool = false) -> Bool {
        guard !bytes.contains(0) else { return false }
        let cuts = isPrefix ? 0...min(3, bytes.count) : 0...0
        return cuts.contains { cut in isValidUTF8(bytes.dropLast(cut)) }
    }

    private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    public func leftPadded(to width: Int, with pad: Character = " ") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
