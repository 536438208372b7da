import Foundation

extension Assertion {
    /// Checks the assertion against one exchange.
    public func check(_ facts: ResponseFacts) -> AssertionResult {
        let observed: ObservedValue
        do {
            observed = try value(in: facts)
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
        case .header(let name): return facts.headers[name].map(ObservedValue.text) ?? .missing
        case .body(let path): return try facts.value(atPath: path)
        case .xpath(let expression): return try facts.value(ofXPath: expression)
        case .duration: return .number(String(facts.durationMilliseconds))
        case .size: return .number(String(facts.body.count))
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
        if case .nodes(let nodes) = observed {
            switch self {
            case .exists(let expected): return !nodes.isEmpty == expected
            case .count(let inner): return try inner.holds(for: .number(String(nodes.count)))
            default: break
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
            case .array(_, let literal):
                for item in Self.items(ofArrayLiteral: literal) where try Self.compare(item, .equal, expected) { return true }
                return false
            default: return false
            }
        case .startsWith(let prefix): return Self.string(value)?.hasPrefix(prefix) ?? false
        case .endsWith(let suffix): return Self.string(value)?.hasSuffix(suffix) ?? false
        case .matches(let pattern):
            guard let text = Self.string(value) else { return false }
            return try Self.regex(pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .count(let inner):
            switch value {
            case .array(let count, _), .object(let count, _): return try inner.holds(for: .number(String(count)))
            case .missing: return false
            default: throw CheckProblem("count applies to arrays and objects, not to \(value.displayText())")
            }
        case .length(let inner):
            guard let text = Self.string(value) else { throw CheckProblem("length applies to strings, not to \(value.displayText())") }
            return try inner.holds(for: .number(String(text.count)))
        }
    }

    /// Compiles a pattern, naming it when it does not compile.
    static func regex(_ pattern: String) throws(CheckProblem) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw CheckProblem("`\(pattern)` is not a valid regular expression")
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
        let order: Int?
        switch (value, expected) {
        case (.number(let a), .number(let b)), (.text(let a), .number(let b)):
            guard let left = DecimalNumber(a), let right = DecimalNumber(b) else {
                if case .text = value { order = nil; break }
                throw CheckProblem("`\(b)` is not a number")
            }
            order = left < right ? -1 : left == right ? 0 : 1
        case (.string(let a), .string(let b)), (.text(let a), .string(let b)):
            order = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : a == b ? 0 : 1
        case (.bool(let a), .bool(let b)): order = a == b ? 0 : nil
        case (.text(let a), .bool(let b)): order = a == (b ? "true" : "false") ? 0 : nil
        case (.null, .null): order = 0
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

    /// The items of an array found in a JSON body, as observed values.
    private static func items(ofArrayLiteral literal: String) -> [ObservedValue] {
        guard let document = try? JSONParser.parse(Data(literal.utf8)) else { return [] }
        return document.children(of: document.root).map { ResponseFacts.value(of: $0, in: document) }
    }
}
