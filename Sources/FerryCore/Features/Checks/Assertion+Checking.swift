import Foundation

extension Assertion {
    /// Checks the assertion against one exchange.
    public func check(_ facts: ResponseFacts) -> AssertionResult {
        if case .schema(let schema) = subject {
            let (problem, violations) = schema.check(facts.document, reason: facts.documentProblem)
            return AssertionResult(assertion: self, passed: problem == nil, actual: "", problem: problem, violations: violations)
        }
        var observed: ObservedValue
        do {
            observed = try value(in: facts)
            for filter in filters { observed = try filter.apply(to: observed, locations: facts.redirectLocations) }
        } catch {
            return AssertionResult(assertion: self, passed: false, actual: "", problem: error.description)
        }
        do {
            return AssertionResult(assertion: self, passed: try predicate.holds(for: observed), actual: observed.displayText())
        } catch {
            return AssertionResult(assertion: self, passed: false, actual: observed.displayText(), problem: error.description)
        }
    }

    private func value(in facts: ResponseFacts) throws(CheckProblem) -> ObservedValue {
        switch subject {
        case .status: return .number(String(facts.status))
        case .header(let name): return facts.headerValue(name)
        case .body(let path): return try facts.value(atPath: path)
        case .xpath(let expression): return try facts.value(ofXPath: expression)
        case .query(let query): return try facts.value(of: query)
        case .duration: return .number(String(facts.durationMilliseconds))
        case .size: return .number(String(facts.body.count))
        case .script: throw CheckProblem("a script's test is checked by running its script")
        case .schema: throw CheckProblem("a schema is checked with its violations (check(_:))")
        case .contract: throw CheckProblem("a contract is checked by its OpenAPI document")
        case .bodyEquals(let name):
            guard let example = facts.examples.first(where: { $0.name == name }) else {
                throw CheckProblem("the request has no example named `\(name)`")
            }
            let body = String(decoding: facts.body, as: UTF8.self)
            let same =
                body.trimmingCharacters(in: .whitespacesAndNewlines) == (example.body ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return .bool(same)
        }
    }
}

extension Assertion.Predicate {
    /// Whether `value` satisfies the predicate; throws when the predicate cannot apply to it.
    func holds(for observed: ObservedValue) throws(CheckProblem) -> Bool {
        if case .not(let inner) = self { return !(try inner.holds(for: observed)) }
        if case .nodes(let nodes) = observed {
            switch self {
            case .exists(let expected): return !nodes.isEmpty == expected
            case .count(let inner): return try inner.holds(for: .number(String(nodes.count)))
            case .trait(.empty): return nodes.isEmpty
            case .compare(_, .array), .isKind: break
            case .trait(.collection) where nodes.count > 1: return true  // a header's several values
            default:
                guard nodes.count > 1 else { break }
                // Several nodes or header values: the predicate holds when it holds for one of them.
                for node in nodes where try holds(for: .text(node)) { return true }
                return false
            }
        }
        let value = observed.settled
        switch self {
        case .exists(let expected): return (value != .missing) == expected
        case .isKind(let kind): return value.kind == kind
        case .compare(let comparison, let expected): return try Self.compare(value, comparison, expected)
        case .oneOf(let choices):
            for choice in choices where try Self.compare(value, .equal, choice) { return true }
            return false
        case .statusClass(let digit):
            guard case .number(let text) = value, let code = Int(text) else { return false }
            return code / 100 == digit
        case .contains(let expected):
            switch value {
            case .string(let text), .text(let text):
                guard case .string(let needle) = expected else { return text.contains(Assertion.Predicate.text(of: expected)) }
                return text.contains(needle)
            case .array:
                for item in value.items ?? [] where try Self.compare(item, .equal, expected) { return true }
                return false
            case .bytes(let data):
                guard case .string(let hex) = expected, let needle = Data(hexText: hex) else { return false }
                return needle.isEmpty || data.firstRange(of: needle) != nil
            default: return false
            }
        case .startsWith(let prefix):
            if case .bytes(let data) = value { return Data(hexText: prefix).map { data.starts(with: $0) } ?? false }
            return Self.string(value)?.hasPrefix(prefix) ?? false
        case .endsWith(let suffix):
            if case .bytes(let data) = value { return Data(hexText: suffix).map { data.suffix($0.count).elementsEqual($0) } ?? false }
            return Self.string(value)?.hasSuffix(suffix) ?? false
        case .matches(let pattern):
            guard let text = Self.string(value) else { return false }
            return try !RegexSearch.matches(try RegexSearch.compile(pattern), in: text, all: false).isEmpty
        case .count(let inner):
            switch value {
            case .array(let count, _), .object(let count, _): return try inner.holds(for: .number(String(count)))
            case .bytes(let data): return try inner.holds(for: .number(String(data.count)))
            case .missing: return false
            default: throw CheckProblem("count applies to arrays and objects, not to \(value.displayText())")
            }
        case .length(let inner):
            guard let text = Self.string(value) else { throw CheckProblem("length applies to strings, not to \(value.displayText())") }
            return try inner.holds(for: .number(String(text.count)))
        case .trait(let trait): return Self.has(trait, value)
        case .not: return false  // handled above
        }
    }

    /// Whether a number's text is 1 to 18 ASCII digits (an `Int` exactly, with no sign, fraction or exponent).
    private static func isSmallInteger(_ number: String) -> Bool {
        (1...18).contains(number.utf8.count) && number.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether a number's text has a fraction or an exponent.
    private static func isFloat(_ number: String) -> Bool { number.contains { ".eE".contains($0) } }

    private static func isList(_ value: Parameters) -> Bool {
        if case .array = value { true } else { false }
    }

    private static let uuid = try! NSRegularExpression(
        pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")

    private static func has(_ trait: Trait, _ value: ObservedValue) -> Bool {
        let text = string(value)
        switch trait {
        case .empty:
            switch value {
            case .array(let count, _), .object(let count, _): return count == 0
            case .bytes(let data): return data.isEmpty
            default: return text?.isEmpty ?? false
            }
        case .isoDate: return text.flatMap(ISODate.parse) != nil
        case .uuid: return text.map { uuid.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil } ?? false
        case .integer, .float:
            guard case .number(let number) = value else { return false }
            return isFloat(number) == (trait == .float)
        case .date: if case .date = value { return true } else { return false }
        case .collection: return value.kind == .array || value.kind == .object
        case .ipv4, .ipv6:
            guard let text else { return false }
            var address = in6_addr()
            return inet_pton(trait == .ipv4 ? AF_INET : AF_INET6, text, &address) == 1
        }
    }

    private static func string(_ value: ObservedValue) -> String? {
        switch value {
        case .string(let text), .text(let text): text
        case .number(let text): text
        default: nil
        }
    }

    private static func compare(_ value: ObservedValue, _ comparison: Comparison, _ expected: Parameters) throws(CheckProblem) -> Bool {
        if case .missing = value { return comparison == .notEqual }
        // A query's one match compares with a single value as that match (Hurl unwraps it).
        if case .array(1, _) = value, let item = value.items?.first, !Self.isList(expected) {
            return try compare(item, comparison, expected)
        }
        let order: Int?
        switch (value, expected) {
        case (.number(let a), .number(let b)) where Self.isSmallInteger(a) && Self.isSmallInteger(b):
            let (x, y) = (Int(a)!, Int(b)!)  // a status or a count against a plain number: no decimal parse
            order = x < y ? -1 : x == y ? 0 : 1
        case (.number(let a), .number(let b)), (.text(let a), .number(let b)):
            guard let left = DecimalNumber(a), let right = DecimalNumber(b) else {
                if case .text = value { order = nil; break }
                throw CheckProblem("`\(b)` is not a number")
            }
            if Self.isFloat(a) || Self.isFloat(b), let x = Double(a), let y = Double(b) {
                order = x < y ? -1 : x == y ? 0 : 1  // as Hurl, JavaScript and every JSON reader: digits past a double's are gone
            } else {
                order = left < right ? -1 : left == right ? 0 : 1  // integers exactly, however long
            }
        case (.string(let a), .string(let b)), (.text(let a), .string(let b)):
            order = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : a == b ? 0 : 1
        case (.bool(let a), .bool(let b)): order = a == b ? 0 : nil
        case (.text(let a), .bool(let b)): order = a == (b ? "true" : "false") ? 0 : nil
        case (.null, .null): order = 0
        case (.text(let a), .null): order = a == "null" ? 0 : nil
        case (.bytes(let data), .string(let hex)):
            order = data.hexText == hex.lowercased() ? 0 : nil
        case (.date(let date), .string(let text)):
            guard let other = ISODate.parse(text) else {
                throw CheckProblem("`\(text)` is not an RFC 3339 date such as 2024-03-01T12:30:00Z")
            }
            order = date < other ? -1 : date == other ? 0 : 1
        case (.array(_, let literal), .array), (.object(_, let literal), .object):
            order = (try? JSONParser.parse(Data(literal.utf8))).flatMap { try? Parameters(document: $0) } == expected ? 0 : nil
        default: order = nil
        }
        guard let order else {
            switch comparison {
            case .equal: return false
            case .notEqual: return true
            default: throw CheckProblem("\(value.displayText()) and \(Assertion.Predicate.text(of: expected)) cannot be ordered")
            }
        }
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

}
