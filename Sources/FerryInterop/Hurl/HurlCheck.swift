import FerryCore
import Foundation

/// Hurl's response checks as Ferry's and back: the status line, expected headers, `[Asserts]` lines
/// (a query, filters, a predicate: `jsonpath "$.id" toInt == 7`, `header "Set-Cookie" count == 2`,
/// `xpath "//h1" exists`, `sha256 == hex,e3b0…;`, `cookie "sid[Secure]" exists`) and `[Captures]`
/// lines (`token: jsonpath "$.token"`, `id: regex "id=(\d+)"`). A line is rewritten token by token
/// into a Ferry check line (`CheckLine`), whose words are Hurl's: strings and `/regex/` literals
/// become JSON strings, `hex,…;` and `base64,…;` the hex a byte value compares with. What has no
/// counterpart (`certificate`, `ip`, `file,…;`…) is nil, and the importer names it in its report.
enum HurlCheck {
    /// `HTTP 200`, `HTTP/1.1 404`: an assertion of the status; nil for `HTTP *`.
    static func status(_ line: String) -> Assertion? {
        let words = line.split(separator: " ")
        guard words.count == 2, let code = Int(words[1]) else { return nil }
        return Assertion(.status, .compare(.equal, .number(String(code))))
    }

    /// `Name: value` under the status line: the header must have that value.
    static func header(_ line: String) -> Assertion? {
        guard let (name, value) = HurlText.keyValue(line), !name.isEmpty, !name.contains(" ") else { return nil }
        return Assertion(.header(name), .compare(.equal, .string(value)))
    }

    /// One `[Asserts]` line, or nil.
    static func assertion(_ line: String) -> Assertion? {
        guard let words = ferryWords(line), case .assertion(let assertion)? = try? CheckLine(parsing: words.joined(separator: " ")) else {
            return nil
        }
        return assertion
    }

    /// One `[Captures]` line, or nil.
    static func capture(_ line: String) -> Capture? {
        guard let colon = line.firstIndex(of: ":"), case let name = line[..<colon].trimmingCharacters(in: .whitespaces),
            !name.contains(" "), Capture.isName(name),
            let words = ferryWords(String(line[line.index(after: colon)...])),
            case .capture(let capture)? = try? CheckLine(parsing: "capture \(name) = " + words.joined(separator: " "))
        else { return nil }
        return capture
    }

    /// An assertion as a Hurl `[Asserts]` line, or nil when Hurl has none for it.
    static func text(of assertion: Assertion) -> String? {
        let subject: String
        switch assertion.subject {
        case .status: subject = "status"
        case .header(let name): subject = "header " + quoted(name)
        case .body(let path) where path.hasPrefix("$"): subject = "jsonpath " + quoted(path)
        case .xpath(let expression): subject = "xpath " + quoted(expression)
        case .duration: subject = "duration"
        case .size: subject = "bytes count"
        case .query(let query): subject = text(of: query)
        case .body, .bodyEquals, .script, .schema, .contract: return nil
        }
        var bytes = [.query(.bytes), .query(.sha256), .query(.md5)].contains(assertion.subject)
        for filter in assertion.filters { bytes = [.base64Decode, .base64UrlSafeDecode].contains(filter) }
        guard let predicate = text(of: assertion.predicate, bytes: bytes) else { return nil }
        return ([subject] + assertion.filters.map(text(of:)) + [predicate]).joined(separator: " ")
    }

    /// A capture as a Hurl `[Captures]` line.
    static func text(of capture: Capture) -> String {
        let source =
            switch capture.source {
            case .status: "status"
            case .header(let name): "header " + quoted(name)
            case .regex(let pattern): "regex " + quoted(pattern)
            case .body(let path) where path.hasPrefix("$"): "jsonpath " + quoted(path)
            case .body(let path), .xpath(let path): "xpath " + quoted(path)
            case .query(let query): text(of: query)
            }
        return "\(capture.name): " + ([source] + capture.filters.map(text(of:))).joined(separator: " ")
    }

    // MARK: - Hurl to Ferry

    /// The tokens of a Hurl query, filter and predicate line as a Ferry check line's words; nil
    /// for a token Ferry cannot carry (`file,…;`, an unclosed string).
    static func ferryWords(_ line: String) -> [String]? {
        var words: [String] = []
        var rest = Substring(line)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first, first != "#" else { return words }
            switch first {
            case "\"":
                guard let (text, after) = hurlString(rest) else { return nil }
                words.append(JSONStringLiteral.make(text))
                rest = after
            case "`":
                // A one-line string: `Bob says "Hello"`, up to its closing backtick.
                guard let close = rest.dropFirst().firstIndex(of: "`") else { return nil }
                words.append(JSONStringLiteral.make(HurlText.unescaped(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            case "/" where words.last.map(takesPattern) ?? false:
                guard let (pattern, after) = regexLiteral(rest) else { return nil }
                words.append(JSONStringLiteral.make(pattern))
                rest = after
            default:
                let word = rest.prefix { $0 != " " && $0 != "\t" }
                rest = rest.dropFirst(word.count)
                if word.hasPrefix("hex,") || word.hasPrefix("base64,") {
                    guard word.hasSuffix(";"), let data = bytes(word.dropLast()) else { return nil }
                    words.append(JSONStringLiteral.make(data.hexText))
                } else if word.hasPrefix("file,") {
                    return nil
                } else {
                    words.append(String(word))
                }
            }
        }
    }

    /// Whether the word before a `/…/` literal takes a pattern (`matches`, `regex`, `replaceRegex`).
    private static func takesPattern(_ word: String) -> Bool { ["matches", "regex", "replaceRegex"].contains(word) }

    /// A leading `"…"` with Hurl's escapes undone, and what follows it.
    private static func hurlString(_ text: Substring) -> (String, Substring)? {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                continue
            }
            if text[index] == "\"" {
                return (HurlText.unescaped(text[text.index(after: text.startIndex)..<index]), text[text.index(after: index)...])
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A leading `/…/` (with `\/` for a slash) and what follows it.
    private static func regexLiteral(_ text: Substring) -> (String, Substring)? {
        var pattern = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "/" { return (pattern, text[index...]) }
            if character == "\\", index < text.endIndex, text[index] == "/" {
                pattern.append("/")
                index = text.index(after: index)
            } else {
                pattern.append(character)
            }
        }
        return nil
    }

    private static func bytes(_ literal: Substring) -> Data? {
        if literal.hasPrefix("base64,") { return Data(base64Encoded: String(literal.dropFirst(7)).filter { !$0.isWhitespace }) }
        return Data(hexText: String(literal.dropFirst(4)))
    }

    // MARK: - Ferry to Hurl

    private static func text(of query: ResponseQuery) -> String {
        switch query {
        case .cookie(let name): "cookie " + quoted(name)
        case .variable(let name): "variable " + quoted(name)
        case .regex(let pattern): "regex " + quoted(pattern)
        default: query.text
        }
    }

    private static func text(of filter: ValueFilter) -> String {
        switch filter {
        case .nth(let index): "nth \(index)"
        case .split(let text): "split " + quoted(text)
        case .replace(let old, let new): "replace " + quoted(old) + " " + quoted(new)
        case .replaceRegex(let pattern, let new): "replaceRegex " + quoted(pattern) + " " + quoted(new)
        case .regex(let pattern): "regex " + quoted(pattern)
        case .urlQueryParam(let name): "urlQueryParam " + quoted(name)
        case .jsonpath(let path): "jsonpath " + quoted(path)
        case .xpath(let expression): "xpath " + quoted(expression)
        case .toDate(let pattern): "toDate " + quoted(pattern)
        case .format(let pattern): "format " + quoted(pattern)
        case .decode(let charset): "decode " + quoted(charset)
        default: filter.text
        }
    }

    /// A predicate as Hurl writes it; `bytes` when the value it tests is bytes (its expected string
    /// is then written `hex,…;`).
    private static func text(of predicate: Assertion.Predicate, bytes: Bool) -> String? {
        switch predicate {
        case .compare(let comparison, let value):
            if bytes, case .string(let hex) = value { return "\(comparison.rawValue) hex,\(hex);" }
            return literal(value).map { "\(comparison.rawValue) \($0)" }
        case .contains(.string(let text)): return "contains " + quoted(text)
        case .contains(let item): return literal(item).map { "includes \($0)" }
        case .startsWith(let text): return "startsWith " + quoted(text)
        case .endsWith(let text): return "endsWith " + quoted(text)
        case .matches(let pattern): return "matches " + quoted(pattern)
        case .exists(let exists): return exists ? "exists" : "not exists"
        case .isKind(let kind):
            switch kind {
            case .string: return "isString"
            case .number: return "isNumber"
            case .bool: return "isBoolean"
            case .array: return "isList"
            case .object: return "isObject"
            case .null: return "== null"
            }
        case .trait(let trait): return trait.predicateName
        case .count(let inner): return text(of: inner, bytes: false).map { "count " + $0 }
        case .not(let inner): return text(of: inner, bytes: bytes).map { "not " + $0 }
        case .oneOf, .statusClass, .length: return nil
        }
    }

    /// An expected value as Hurl writes it; nil for lists and objects.
    private static func literal(_ value: Parameters) -> String? {
        switch value {
        case .string(let text): quoted(text)
        case .number(let number): number
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// A Hurl string: `"…"` with `"` and `\` escaped, control characters as `\n`, `\t`, `\u{…}`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
