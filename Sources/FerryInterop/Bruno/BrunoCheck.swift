import FerryCore
import Foundation

/// Bruno's `assert` and `vars:post-response` entries as Ferry's checks: `res.status: eq 200`,
/// `res.body.items: length 3`, `res.headers.etag: isDefined`, `token: res.body.token`. What has no
/// counterpart (`between`, `in`, `isJson`, functions) is nil, and the importer names it.
enum BrunoCheck {
    /// One `assert` entry, or nil.
    static func assertion(key: String, value: String) -> Assertion? {
        guard let subject = subject(key) else { return nil }
        let words = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
        let operators = [
            "eq": "==", "neq": "!=", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "contains": "contains",
            "matches": "matches", "startsWith": "startsWith", "endsWith": "endsWith", "length": "length ==",
        ]
        let kinds = [
            "isNull": "isNull", "isNumber": "isNumber", "isString": "isString", "isBoolean": "isBool", "isArray": "isArray",
            "isDefined": "exists", "isUndefined": "does not exist",
        ]
        let predicate: String
        if let first = words.first, let kind = kinds[first], words.count == 1 {
            predicate = kind
        } else if let first = words.first, let symbol = operators[first], words.count == 2 {
            predicate = symbol + " " + literal(words[1])
        } else if !value.isEmpty,
            words.first.map({ operators[$0] == nil && kinds[$0] == nil && !$0.hasPrefix("not") && $0 != "in" && $0 != "between" }) == true
        {
            predicate = "== " + literal(value)  // a bare value means eq
        } else {
            return nil
        }
        guard case .assertion(let assertion)? = try? CheckLine(parsing: subject + " " + predicate) else { return nil }
        return assertion
    }

    /// One `vars:post-response` entry, or nil.
    static func capture(name: String, value: String) -> Capture? {
        let source = value.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let subject = subject(source) else { return nil }
        guard case .capture(let capture)? = try? CheckLine(parsing: "capture \(name) = \(subject)") else { return nil }
        return capture
    }

    /// `res.status`, `res.responseTime`, `res.headers.NAME`, `res.body[.path]` as a Ferry subject.
    private static func subject(_ key: String) -> String? {
        switch key {
        case "res.status": return "status"
        case "res.responseTime": return "duration"
        case "res.body": return "$"
        default:
            if key.hasPrefix("res.headers."), case let name = String(key.dropFirst(12)), !name.isEmpty, !name.contains(" ") {
                return "header " + name
            }
            // `res.body.items[0].id` is `$.items[0].id`
            guard key.range(of: #"^res\.body(\.[A-Za-z_$][A-Za-z0-9_$]*|\[[0-9]+\])+$"#, options: .regularExpression) != nil else {
                return nil
            }
            return "$" + key.dropFirst(8)
        }
    }

    /// A Bruno value as a check line's value: JSON literals as they are, other text quoted.
    private static func literal(_ text: String) -> String {
        let value = text.trimmingCharacters(in: .whitespaces)
        if ["true", "false", "null"].contains(value)
            || Double(value) != nil && value.range(of: #"^-?[0-9]"#, options: .regularExpression) != nil
        {
            return value
        }
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { return value }
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 {
            return JSONStringLiteral.make(String(value.dropFirst().dropLast()))
        }
        return JSONStringLiteral.make(value)
    }
}
