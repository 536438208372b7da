import Foundation

/// The text rules of Hurl files shared by the reader and the writer: escapes (`\#`, `\:`,
/// `\u{1F600}`…), comments after values, section lines, request and response lines.
enum HurlText {
    /// The request sections Ferry reads, by every name Hurl gives them.
    static let sections: [String: String] = [
        "QueryStringParams": "Query", "Query": "Query", "FormParams": "Form", "Form": "Form",
        "MultipartFormData": "Multipart", "Multipart": "Multipart", "Cookies": "Cookies",
        "BasicAuth": "BasicAuth", "Options": "Options", "Asserts": "Asserts", "Captures": "Captures",
    ]

    /// `[Name]` alone on a line: the section's name.
    static func section(_ line: String) -> String? {
        guard line.hasPrefix("["), line.hasSuffix("]"), line.count > 2 else { return nil }
        let name = line.dropFirst().dropLast()
        return name.allSatisfy(\.isLetter) ? String(name) : nil
    }

    /// True for `METHOD URL`: an upper-case word (not `HTTP`) and a URL.
    static func isRequestLine(_ line: String) -> Bool {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, let method = words.first else { return false }
        return method != "HTTP" && method.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    /// True for the response's status line: `HTTP 200`, `HTTP/1.1 *`.
    static func isResponseLine(_ line: String) -> Bool {
        line == "HTTP" || line.hasPrefix("HTTP ") || line.hasPrefix("HTTP/")
    }

    /// `text` up to its first unescaped `#` outside a quoted string.
    static func withoutComment(_ text: Substring) -> Substring {
        firstUnquoted("#", in: text).map { text[..<$0] } ?? text
    }

    /// `name: value` (the name may be quoted or escaped); nil when there is no unescaped colon.
    static func keyValue(_ line: String) -> (key: String, value: String)? {
        let text = Substring(line)
        guard let colon = firstUnquoted(":", in: text) else { return nil }
        let key = value(text[..<colon])
        return key.isEmpty ? nil : (key, value(withoutComment(text[text.index(after: colon)...])))
    }

    /// Where `target` first stands in `text` neither escaped by `\` nor inside a quoted string.
    private static func firstUnquoted(_ target: Character, in text: Substring) -> Substring.Index? {
        var quoted = false
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == target, !quoted {
                return index
            }
        }
        return nil
    }

    /// A duration of Hurl's options in milliseconds: `500`, `500ms`, `2s` or `1m`; nil for another text.
    static func milliseconds(_ text: String) -> Int? {
        let units = [("ms", 1), ("s", 1000), ("m", 60_000), ("", 1)]
        guard let (unit, scale) = units.first(where: { text.hasSuffix($0.0) }), let count = Int(text.dropLast(unit.count)) else {
            return nil
        }
        return count.multipliedReportingOverflow(by: scale).overflow ? nil : count * scale
    }

    /// A key or value as Hurl reads it: trimmed, quotes taken off, escapes applied.
    static func value(_ text: Substring) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") { return unescaped(trimmed.dropFirst().dropLast()) }
        return unescaped(Substring(trimmed))
    }

    /// `\n`, `\t`, `\r`, `\u{…}` and `\` before any other character (that character) applied.
    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            guard character == "\\", index < text.endIndex else { result.append(character); continue }
            let next = text[index]
            index = text.index(after: index)
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{C}")
            case "u" where index < text.endIndex && text[index] == "{":
                let digits = text[text.index(after: index)...].prefix { $0 != "}" }
                let end = text.index(index, offsetBy: digits.count + 2, limitedBy: text.endIndex) ?? text.endIndex
                if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                    index = end
                } else {
                    result += "\\u"
                }
            default: result.append(next)
            }
        }
        return result
    }

    /// `text` escaped for a key or value: `\`, `#`, and (in keys) `:`; spaces at either end kept
    /// with `\u{20}`.
    static func escaped(_ text: String, key: Bool = false) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "#": result += "\\" + String(character)
            case ":" where key: result += "\\:"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        if result.hasPrefix(" ") { result = "\\u{20}" + result.dropFirst() }
        if result.hasSuffix(" ") { result = result.dropLast() + "\\u{20}" }
        return result
    }
}
