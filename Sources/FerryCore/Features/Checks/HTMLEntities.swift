/// HTML's character references, for the `htmlEscape` and `htmlUnescape` filters: the five that
/// escaping writes, numeric ones (`&#65;`, `&#x1D306;`, with or without the `;`) and the common named ones.
enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®", "trade": "™",
        "hellip": "…", "mdash": "—", "ndash": "–", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "sect": "§", "deg": "°", "middot": "·", "times": "×", "divide": "÷", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
    ]

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#x27;"
            default: out.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let (value, length) = reference(after) {
                out += value
                rest = after.dropFirst(length)
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// The character a reference after `&` stands for, and how many characters it takes.
    private static func reference(_ text: Substring) -> (String, Int)? {
        if text.first == "#" {
            let hex = text.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
            let digits = text.dropFirst(hex ? 2 : 1).prefix { hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let code = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) else { return nil }
            let length = (hex ? 2 : 1) + digits.count
            return (String(Character(scalar)), length + (text.dropFirst(length).first == ";" ? 1 : 0))
        }
        let name = text.prefix { $0.isLetter || $0.isNumber }
        guard text.dropFirst(name.count).first == ";", let value = named[String(name)] else { return nil }
        return (value, name.count + 1)
    }
}
