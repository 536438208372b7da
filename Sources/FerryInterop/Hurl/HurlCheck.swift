import FerryCore
import Foundation

/// Hurl's response checks as Ferry's: the status line, expected headers, `[Asserts]` lines
/// (`jsonpath "$.id" == 7`, `header "ETag" exists`, `status == 200`, `duration < 500`, with `count`)
/// and `[Captures]` lines (`token: jsonpath "$.token"`, `next: header "Location"`, `code: status`,
/// `id: regex "id=(\d+)"`, `xpath "count(//item)"`). What has no counterpart (body filters, cookies…) is nil,
/// and the importer names it in its report.
enum HurlCheck {
    /// `HTTP 200`, `HTTP/1.1 404`: an assertion of the status; nil for `HTTP *`.
    static func status(_ line: String) -> Assertion? {
        let words = line.split(separator: " ")
        guard words.count == 2, let code = Int(words[1]) else { return nil }
        return Assertion(.status, .compare(.equal, .number(String(code))))
    }

    /// `Name: value` under the status line: the header must have that value.
    static func header(_ line: String) -> Assertion? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return Assertion(.header(name), .compare(.equal, .string(value)))
    }

    /// One `[Asserts]` line, or nil.
    static func assertion(_ line: String) -> Assertion? {
        guard let (subject, rest) = query(line) else { return nil }
        var predicate = rest.trimmingCharacters(in: .whitespaces)
        for (hurl, ferry) in [
            ("not exists", "does not exist"), ("isInteger", "isNumber"), ("isFloat", "isNumber"), ("isBoolean", "isBool"),
        ] {
            predicate = predicate.replacingOccurrences(of: hurl, with: ferry)
        }
        if predicate.hasPrefix("matches /"), predicate.hasSuffix("/") {
            predicate = "matches " + JSONStringLiteral.make(String(predicate.dropFirst(9).dropLast()))
        }
        // A path is read whole by JSONPathQuery, not cut into the line's words.
        let isPath = subject.hasPrefix("$")
        guard case .assertion(var assertion)? = try? CheckLine(parsing: (isPath ? "$" : subject) + " " + predicate) else { return nil }
        if isPath { assertion.subject = .body(path: subject) }
        return assertion
    }

    /// One `[Captures]` line, or nil.
    static func capture(_ line: String) -> Capture? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let source = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let words = source.split(separator: " ", maxSplits: 1).map(String.init)
        let taken: Capture.Source
        switch words.first {
        case "status" where words.count == 1: taken = .status
        case "header" where words.count == 2: guard let name = unquoted(words[1]) else { return nil }; taken = .header(name)
        case "regex" where words.count == 2: guard let pattern = unquoted(words[1]) else { return nil }; taken = .regex(pattern)
        case "xpath" where words.count == 2:
            guard let expression = unquoted(words[1]), (try? XPathExpression(expression)) != nil else { return nil }
            taken = .xpath(expression)
        case "jsonpath" where words.count == 2:
            guard let path = unquoted(words[1]), isJSONPath(path) else { return nil }; taken = .body(path: path)
        default: return nil
        }
        return name.isEmpty ? nil : Capture(name: name, source: taken)
    }

    /// An assertion as a Hurl `[Asserts]` line, or nil when Hurl has none for it.
    static func text(of assertion: Assertion) -> String? {
        let subject: String
        switch assertion.subject {
        case .status: subject = "status"
        case .header(let name): subject = "header " + JSONStringLiteral.make(name)
        case .body(let path) where isJSONPath(path): subject = "jsonpath " + JSONStringLiteral.make(path)
        case .duration: subject = "duration"
        case .size: subject = "bytes count"
        case .xpath(let expression): subject = "xpath " + JSONStringLiteral.make(expression)
        case .body, .bodyEquals: return nil
        }
        switch assertion.predicate {
        case .oneOf, .statusClass, .length, .isKind(.null), .isKind(.array), .isKind(.object): return nil
        case .compare(_, .array), .compare(_, .object), .contains(.array), .contains(.object): return nil
        case .exists(false): return subject + " not exists"
        default:
            let predicate = assertion.predicate.text.replacingOccurrences(of: "isBool", with: "isBoolean")
            return subject + " " + predicate
        }
    }

    /// A capture as a Hurl `[Captures]` line.
    static func text(of capture: Capture) -> String {
        let source =
            switch capture.source {
            case .status: "status"
            case .header(let name): "header " + JSONStringLiteral.make(name)
            case .regex(let pattern): "regex " + JSONStringLiteral.make(pattern)
            case .body(let path): "jsonpath " + JSONStringLiteral.make(path)
            case .xpath(let expression): "xpath " + JSONStringLiteral.make(expression)
            }
        return "\(capture.name): \(source)"
    }

    /// The subject of an assert as a Ferry line starts, and the rest of the line.
    private static func query(_ line: String) -> (String, String)? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first else { return nil }
        let rest = words.count > 1 ? words[1] : ""
        switch first {
        case "status", "duration": return (first, rest)
        case "bytes" where rest.hasPrefix("count "): return ("size", String(rest.dropFirst(6)))
        case "header", "jsonpath", "xpath":
            guard let (argument, after) = quotedArgument(rest) else { return nil }
            if first == "header" { return ("header " + argument, after) }
            if first == "xpath" { return ("xpath " + JSONStringLiteral.make(argument), after) }
            return isJSONPath(argument) ? (argument, after) : nil
        default: return nil
        }
    }

    /// A leading `"…"` (with Hurl's `\"` and `\\` escapes undone) and what follows it.
    private static func quotedArgument(_ text: String) -> (String, String)? {
        guard text.hasPrefix("\"") else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\"" { return (value, String(text[index...])) }
            if character == "\\", index < text.endIndex, text[index] == "\"" || text[index] == "\\" {
                value.append(text[index])
                index = text.index(after: index)
            } else {
                value.append(character)
            }
        }
        return nil
    }

    private static func unquoted(_ text: String) -> String? {
        guard let (value, rest) = quotedArgument(text), rest.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }

    /// An RFC 9535 JSONPath query, as checks and captures read it.
    private static func isJSONPath(_ path: String) -> Bool { (try? JSONPathQuery(path)) != nil }
}
