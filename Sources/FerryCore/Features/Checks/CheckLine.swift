import Foundation

/// One line of the TUI's Expect tab: an assertion as `Assertion.text` writes it (`status == 200`,
/// `header Content-Type matches "^application/json"`, `$.items count > 2`, `$.id exists`), or a
/// capture as `Capture.text` writes it (`capture token = $.json.token`, `capture secret sid =
/// header X-Session`, `capture id = regex "id=(\d+)"`).
public enum CheckLine: Sendable, Equatable {
    case assertion(Assertion)
    case capture(Capture)

    /// Reads a line; throws with what was expected where.
    public init(parsing line: String) throws(CheckProblem) {
        var words = try Self.words(line)[...]
        guard let first = words.first else { throw CheckProblem("an empty line") }
        if first == "capture" {
            self = .capture(try Self.capture(words.dropFirst()))
            return
        }
        let subject: Assertion.Subject
        switch first {
        case "status": subject = .status
        case "duration": subject = .duration
        case "size": subject = .size
        case "header":
            guard words.count > 1 else { throw CheckProblem("`header` needs a header name") }
            subject = .header(words[words.startIndex + 1])
            words = words.dropFirst()
        case "body":
            guard Array(words.dropFirst().prefix(2)) == ["equals", "example"], words.count == 4 else {
                throw CheckProblem("expected `body equals example NAME`")
            }
            self = .assertion(Assertion(.bodyEquals(example: words.last!), .compare(.equal, .bool(true))))
            return
        case _ where first.hasPrefix("$") || first.hasPrefix("/"): subject = .body(path: first)
        case "xpath":
            subject = .xpath(try Self.xpath(words.dropFirst().first))
            words = words.dropFirst()
        default:
            throw CheckProblem(
                "expected status, header NAME, duration, size, body equals example NAME, a path ($.a, /a), xpath \"EXPR\" or capture, not `\(first)`"
            )
        }
        self = .assertion(Assertion(subject, try Self.predicate(words.dropFirst(), status: subject == .status)))
    }

    /// The line as the Expect tab shows it.
    public var text: String {
        switch self {
        case .assertion(let assertion): assertion.text
        case .capture(let capture): "capture " + (capture.secret ? "secret " : "") + capture.name + " = " + capture.sourceText
        }
    }

    private static func predicate(_ words: ArraySlice<String>, status: Bool) throws(CheckProblem) -> Assertion.Predicate {
        guard let word = words.first else {
            throw CheckProblem(
                "expected a predicate: ==, !=, <, <=, >, >=, in, contains, startsWith, endsWith, matches, exists, count, length, isString…")
        }
        let rest = words.dropFirst()
        func one() throws(CheckProblem) -> String {
            guard rest.count == 1, let value = rest.first else { throw CheckProblem("`\(word)` takes one value") }
            return value
        }
        if let comparison = Assertion.Predicate.Comparison(rawValue: word) {
            let value = try one()
            if status, comparison == .equal, value.count == 3, value.hasSuffix("xx"), let digit = Int(value.prefix(1)) {
                return .statusClass(digit)
            }
            return .compare(comparison, try Self.value(value))
        }
        if let kind = Assertion.Predicate.ValueKind.allCases.first(where: { $0.predicateName == word }), rest.isEmpty {
            return .isKind(kind)
        }
        switch word {
        case "count": return .count(try predicate(rest, status: false))
        case "length": return .length(try predicate(rest, status: false))
        case "exists" where rest.isEmpty: return .exists(true)
        case "does" where Array(rest) == ["not", "exist"]: return .exists(false)
        case "in":
            guard case .array(let items) = try Self.value(try one()) else { throw CheckProblem("`in` takes a list: in [200, 201]") }
            return .oneOf(items)
        case "contains": return .contains(try Self.value(try one()))
        case "startsWith", "endsWith", "matches":
            guard case .string(let text) = try Self.value(try one()) else { throw CheckProblem("`\(word)` takes a string") }
            if word == "matches" { _ = try Assertion.Predicate.regex(text) }
            return word == "startsWith" ? .startsWith(text) : word == "endsWith" ? .endsWith(text) : .matches(text)
        default:
            throw CheckProblem(
                "`\(word)` is not a predicate (==, !=, <, <=, >, >=, in, contains, startsWith, endsWith, matches, exists, count, length, isString…)"
            )
        }
    }

    private static func capture(_ words: ArraySlice<String>) throws(CheckProblem) -> Capture {
        var words = words
        let secret = words.first == "secret"
        if secret { words = words.dropFirst() }
        guard words.count >= 3, let name = words.first, words[words.startIndex + 1] == "=" else {
            throw CheckProblem("expected `capture [secret] NAME = SOURCE`")
        }
        let source = Array(words.dropFirst(2))
        let taken: Capture.Source
        switch source.first {
        case "status" where source.count == 1: taken = .status
        case "header" where source.count == 2: taken = .header(source[1])
        case "regex" where source.count == 2:
            guard case .string(let pattern) = try value(source[1]) else { throw CheckProblem("`regex` takes a quoted pattern") }
            _ = try Assertion.Predicate.regex(pattern)
            taken = .regex(pattern)
        case "xpath" where source.count == 2: taken = .xpath(try xpath(source[1]))
        case let path? where source.count == 1 && (path.hasPrefix("$") || path.hasPrefix("/")): taken = .body(path: path)
        default:
            throw CheckProblem("a capture's source is a path ($.token, /root/id), header NAME, status, regex \"PATTERN\" or xpath \"EXPR\"")
        }
        return Capture(name: name, source: taken, secret: secret)
    }

    /// A quoted XPath expression that libxml2 compiles.
    private static func xpath(_ word: String?) throws(CheckProblem) -> String {
        guard let word, case .string(let expression) = try value(word), word.hasPrefix("\"") else {
            throw CheckProblem("`xpath` takes a quoted expression: xpath \"count(//item)\"")
        }
        do {
            return try XPathExpression(expression).text
        } catch {
            throw CheckProblem("`\(expression)` is not an XPath expression: \(error)")
        }
    }

    /// A value: a JSON literal (`"text"`, `12.5`, `true`, `null`, `[1, 2]`) or a bare word as a string.
    private static func value(_ word: String) throws(CheckProblem) -> Parameters {
        if word == "true" || word == "false" { return .bool(word == "true") }
        if word == "null" { return .null }
        if DecimalNumber(word) != nil { return .number(word) }
        guard word.hasPrefix("\"") || word.hasPrefix("[") || word.hasPrefix("{") else { return .string(word) }
        do {
            let document = try JSONParser.parse(Data(word.utf8))
            if document.kind(of: document.root) == .string { return .string(document.value(of: document.root) ?? "") }
            return try Parameters(document: document)
        } catch {
            throw CheckProblem("`\(word)` is not a JSON value")
        }
    }

    /// Splits on spaces, keeping quoted strings and bracketed runs (`$["a b"]`, `[1, 2]`) whole.
    private static func words(_ line: String) throws(CheckProblem) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in line {
            if quoted {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "\"": quoted = true; current.append(character)
            case "[", "{": depth += 1; current.append(character)
            case "]", "}": depth -= 1; current.append(character)
            case " " where depth <= 0, "\t" where depth <= 0:
                if !current.isEmpty { words.append(current) }
                current = ""
            default: current.append(character)
            }
        }
        guard !quoted else { throw CheckProblem("a quote is not closed") }
        guard depth == 0 else { throw CheckProblem("a bracket is not closed") }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
