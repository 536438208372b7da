import Foundation

/// One line of a check, as the TUI's Expect tab and a request file's `expect.checks:` list write
/// it: a subject, the filters its value goes through, then a predicate — `status == 200`, `header
/// Content-Type matches "^application/json"`, `$.items count > 2`, `$.date toDate "%Y-%m-%d"
/// daysAfterNow > 0`, `cookie "sid[Secure]" exists`, `sha256 == "e3b0…"`, `body not contains "error"` —
/// or a capture as `Capture.text` writes it (`capture token = $.json.token`, `capture secret sid =
/// header X-Session`, `capture id = regex "id=(\d+)" toInt`). The words are Hurl's.
public enum CheckLine: Sendable, Equatable {
    case assertion(Assertion)
    case capture(Capture)

    /// Reads a line; throws with what was expected where.
    public init(parsing line: String) throws(CheckProblem) {
        let words = try Self.words(line)[...]
        guard let first = words.first else { throw CheckProblem("an empty line") }
        if first == "capture" {
            self = .capture(try Self.capture(words.dropFirst()))
            return
        }
        if first == "body", words.dropFirst().first == "equals" {
            guard Array(words.dropFirst().prefix(2)) == ["equals", "example"], words.count == 4 else {
                throw CheckProblem("expected `body equals example NAME`")
            }
            self = .assertion(Assertion(.bodyEquals(example: words.last!), .compare(.equal, .bool(true))))
            return
        }
        var (subject, rest) = try Self.subject(words)
        var filters = try Self.filters(&rest)
        var predicate = try Self.predicate(rest, status: subject == .status && filters.isEmpty)
        // A last `count` is the predicate's (`$.items count == 3`), as the file form writes it.
        if filters.last == .count {
            filters.removeLast()
            predicate = .count(predicate)
        }
        if subject == .query(.grpcStatus), filters.isEmpty { predicate = GRPCStatusCode.numbered(predicate) }
        self = .assertion(Assertion(subject, filters: filters, predicate))
    }

    /// The line as the Expect tab shows it.
    public var text: String {
        switch self {
        case .assertion(let assertion): assertion.text
        case .capture(let capture): "capture " + (capture.secret ? "secret " : "") + capture.name + " = " + capture.sourceText
        }
    }

    /// The words that name a subject and what follows them.
    private static func subject(_ words: ArraySlice<String>) throws(CheckProblem) -> (Assertion.Subject, ArraySlice<String>) {
        guard let first = words.first else { throw CheckProblem("expected a subject") }
        let rest = words.dropFirst()
        func argument() throws(CheckProblem) -> String {
            guard let word = rest.first else { throw CheckProblem("`\(first)` needs an argument") }
            return try text(word)
        }
        switch first {
        case "status": return (.status, rest)
        case "duration": return (.duration, rest)
        case "size": return (.size, rest)
        case "header": return (.header(try argument()), rest.dropFirst())
        case "xpath": return (.xpath(try xpath(rest.first)), rest.dropFirst())
        case "jsonpath": return (.body(path: try jsonPath(try argument())), rest.dropFirst())
        case "cookie": return (.query(.cookie(try argument())), rest.dropFirst())
        case "variable": return (.query(.variable(try argument())), rest.dropFirst())
        case "regex": return (.query(.regex(try pattern(try argument()))), rest.dropFirst())
        case _ where first.hasPrefix("$") || first.hasPrefix("/"): return (.body(path: first), rest)
        default:
            guard let query = ResponseQuery.bare[first] else {
                throw CheckProblem(
                    "expected status, header NAME, a path ($.a, /a), xpath, body, bytes, sha256, md5, url, redirects, cookie, "
                        + "variable, regex, duration, size, body equals example NAME or capture, not `\(first)`")
            }
            return (.query(query), rest)
        }
    }

    /// The filters at the start of `words`, which are left at the predicate.
    private static func filters(_ words: inout ArraySlice<String>) throws(CheckProblem) -> [ValueFilter] {
        var filters: [ValueFilter] = []
        while let name = words.first, let arity = ValueFilter.arity[name] {
            // `count` before a predicate's words is the `count` predicate; before a filter it is a filter.
            let arguments = Array(words.dropFirst().prefix(arity))
            guard arguments.count == arity else { throw CheckProblem("`\(name)` takes \(arity) argument\(arity == 1 ? "" : "s")") }
            let texts = try arguments.map { word throws(CheckProblem) in name == "nth" ? word : try text(word) }
            if name == "regex" || name == "replaceRegex" { _ = try pattern(texts[0]) }
            if name == "xpath" { _ = try xpath(arguments[0]) }
            if name == "jsonpath" { _ = try jsonPath(texts[0]) }
            guard let filter = ValueFilter.make(name, texts) else { throw CheckProblem("`nth` takes an integer, not `\(arguments[0])`") }
            filters.append(filter)
            words = words.dropFirst(1 + arity)
        }
        return filters
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
        if rest.isEmpty, let kind = Self.kinds[word] { return .isKind(kind) }
        if rest.isEmpty, let trait = Assertion.Predicate.Trait.allCases.first(where: { $0.predicateName == word }) { return .trait(trait) }
        switch word {
        case "not":
            if Array(rest) == ["exists"] { return .exists(false) }
            return .not(try predicate(rest, status: status))
        case "count": return .count(try predicate(rest, status: false))
        case "length": return .length(try predicate(rest, status: false))
        case "exists" where rest.isEmpty: return .exists(true)
        case "does" where Array(rest) == ["not", "exist"]: return .exists(false)
        case "in":
            guard case .array(let items) = try Self.value(try one()) else { throw CheckProblem("`in` takes a list: in [200, 201]") }
            return .oneOf(items)
        case "contains", "includes": return .contains(try Self.value(try one()))
        case "startsWith", "endsWith", "matches":
            guard case .string(let text) = try Self.value(try one()) else { throw CheckProblem("`\(word)` takes a string") }
            if word == "matches" { _ = try pattern(text) }
            return word == "startsWith" ? .startsWith(text) : word == "endsWith" ? .endsWith(text) : .matches(text)
        default:
            throw CheckProblem(
                "`\(word)` is not a predicate (==, !=, <, <=, >, >=, in, contains, startsWith, endsWith, matches, exists, count, length, "
                    + "isString, isEmpty, isIsoDate, not…)")
        }
    }

    /// The kind predicates by name, with Hurl's spellings (`isBoolean`, `isList`).
    private static let kinds: [String: Assertion.Predicate.ValueKind] = Dictionary(
        uniqueKeysWithValues: Assertion.Predicate.ValueKind.allCases.map { ($0.predicateName, $0) }
    ).merging(["isBoolean": .bool, "isList": .array]) { $1 }

    private static func capture(_ words: ArraySlice<String>) throws(CheckProblem) -> Capture {
        var words = words
        let secret = words.first == "secret"
        if secret { words = words.dropFirst() }
        guard words.count >= 3, let name = words.first, words[words.startIndex + 1] == "=" else {
            throw CheckProblem("expected `capture [secret] NAME = SOURCE`")
        }
        return try source(words.dropFirst(2), name: name, secret: secret)
    }

    /// A capture's source and filters: `$.token`, `header Location`, `regex "id=(\d+)" toInt`.
    static func source(_ words: ArraySlice<String>, name: String, secret: Bool = false) throws(CheckProblem) -> Capture {
        var (subject, rest) = try subject(words)
        let filters = try filters(&rest)
        guard rest.isEmpty else { throw CheckProblem("`\(rest.joined(separator: " "))` is not a filter") }
        let source: Capture.Source
        switch subject {
        case .status: source = .status
        case .header(let header): source = .header(header)
        case .body(let path): source = .body(path: path)
        case .xpath(let expression): source = .xpath(expression)
        case .query(.regex(let pattern)): source = .regex(pattern)
        case .query(let query): source = .query(query)
        case .duration, .size, .bodyEquals, .script, .schema, .contract:
            throw CheckProblem("a capture's source is a path ($.token, /root/id), header NAME, status, xpath, regex, body, cookie…")
        }
        return Capture(name: name, source: source, filters: filters, secret: secret)
    }

    /// A word as text: a quoted string unquoted, else the word as it is.
    private static func text(_ word: String) throws(CheckProblem) -> String {
        guard word.hasPrefix("\"") else { return word }
        guard case .string(let text) = try value(word) else { throw CheckProblem("`\(word)` is not a string") }
        return text
    }

    private static func pattern(_ text: String) throws(CheckProblem) -> String {
        _ = try RegexSearch.compile(text)
        return text
    }

    private static func jsonPath(_ path: String) throws(CheckProblem) -> String {
        guard !path.contains("{{") else { return path }  // checked once its variables are filled in
        do {
            return try JSONPathQuery(path).text
        } catch {
            throw CheckProblem("`\(path)` is not a JSONPath query: \(error)")
        }
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
        // An unquoted `{{name}}` is typed by its value once filled in (a number, a boolean, else text), as in Hurl.
        if word.hasPrefix("{{"), word.hasSuffix("}}"), Template(word).pieces.count == 1 { return .number(word) }
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
