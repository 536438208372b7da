import FerryCore
import Foundation
import Yams

/// Reading and writing a request file's `expect:` and `capture:` mappings. A malformed assertion or
/// capture is a `ConfigProblem` with its line and column, found before anything is sent.
extension RequestDescription {
    /// The keys of a predicate mapping (`{">": 6}`, `{matches: "^a"}`, `{count: 3}`).
    static let predicateKeys =
        Assertion.Predicate.Comparison.allCases.map(\.rawValue)
        + ["oneOf", "contains", "startsWith", "endsWith", "matches", "exists", "count", "length", "not"]
        + Assertion.Predicate.ValueKind.allCases.map(\.predicateName) + Assertion.Predicate.Trait.allCases.map(\.predicateName)

    /// `expect: {status, headers, body, xpath, duration, size, bodyEquals, checks}`; `checks:` is a
    /// list of check lines (`CheckLine`): any query, filters and predicate, in Hurl's words.
    static func assertions(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> [Assertion] {
        var assertions: [Assertion] = []
        for (field, _, value) in try file.fields(
            of: node, key: "expect", allowed: ["status", "headers", "body", "xpath", "duration", "size", "bodyEquals", "checks", "grpc"])
        {
            let key = "expect.\(field)"
            switch field {
            case "status":
                if let text = value.scalar?.string, text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)),
                    (1...5).contains(digit)
                {
                    assertions.append(Assertion(.status, .statusClass(digit)))
                } else if value.sequence != nil {
                    assertions.append(
                        Assertion(
                            .status,
                            .oneOf(
                                try file.items(of: value, key: key).map { item throws(ConfigProblem) in try number(item, key: key, in: file)
                                })))
                } else {
                    assertions += try predicates(value, key: key, in: file).map { Assertion(.status, $0) }
                }
            case "headers":
                for (name, _, headerValue) in try file.entries(of: value, key: key) {
                    assertions += try predicates(headerValue, key: "\(key).\(name)", in: file).map { Assertion(.header(name), $0) }
                }
            case "body":
                for (path, keyNode, pathValue) in try file.entries(of: value, key: key) {
                    if path == "schema" {
                        assertions.append(Assertion(.schema(try bodySchema(pathValue, in: file)), .compare(.equal, .bool(true))))
                        continue
                    }
                    guard path.hasPrefix("$") || path.hasPrefix("/") else {
                        throw file.problem(at: keyNode, key: "\(key).\(path)", "expected a path such as $.items[0].id or /root/item/@id")
                    }
                    try Self.checkJSONPath(path, at: keyNode, key: "\(key).\(path)", in: file)
                    assertions += try predicates(pathValue, key: "\(key).\(path)", in: file).map { Assertion(.body(path: path), $0) }
                }
            case "xpath":
                for (expression, keyNode, expressionValue) in try file.entries(of: value, key: key) {
                    try Self.checkXPath(expression, at: keyNode, key: "\(key).\(expression)", in: file)
                    assertions += try predicates(expressionValue, key: "\(key).\(expression)", in: file).map {
                        Assertion(.xpath(expression), $0)
                    }
                }
            case "checks":
                for item in try file.items(of: value, key: key) {
                    let line = try file.string(item, key: key)
                    let parsed: CheckLine
                    do {
                        parsed = try CheckLine(parsing: line)
                    } catch {
                        throw file.problem(at: item, key: key, "`\(line)`: \(error)")
                    }
                    guard case .assertion(let assertion) = parsed else {
                        throw file.problem(at: item, key: key, "a capture goes under capture:, not expect.checks")
                    }
                    if case .body(let path) = assertion.subject { try checkJSONPath(path, at: item, key: key, in: file) }
                    assertions.append(assertion)
                }
            case "grpc": assertions += try grpcAssertions(value, in: file)
            case "duration": assertions += try predicates(value, key: key, in: file).map { Assertion(.duration, $0) }
            case "size": assertions += try predicates(value, key: key, in: file).map { Assertion(.size, $0) }
            default: assertions.append(Assertion(.bodyEquals(example: try file.string(value, key: key)), .compare(.equal, .bool(true))))
            }
        }
        return assertions
    }

    /// `expect: grpc: {status: NOT_FOUND, message: {contains: …}}`: the status by name or number (a
    /// list for any of several), and the status message.
    private static func grpcAssertions(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> [Assertion] {
        var assertions: [Assertion] = []
        for (field, _, value) in try file.fields(of: node, key: "expect.grpc", allowed: ["status", "message"]) {
            let key = "expect.grpc.\(field)"
            guard field == "status" else {
                assertions += try predicates(value, key: key, in: file).map { Assertion(.query(.grpcMessage), $0) }
                continue
            }
            let given: [Assertion.Predicate] =
                value.sequence != nil
                ? [.oneOf(try file.items(of: value, key: key).map { item throws(ConfigProblem) in try file.parameters(item, key: key) })]
                : try predicates(value, key: key, in: file)
            for predicate in given.map(GRPCStatusCode.numbered) {
                if case .compare(_, .string(let name)) = predicate {
                    throw file.problem(at: value, key: key, "`\(name)` is not a gRPC status (0–16, or a name such as OK, NOT_FOUND)")
                }
                assertions.append(Assertion(.query(.grpcStatus), predicate))
            }
        }
        return assertions
    }

    /// A bare value (`==`) or a mapping of predicates.
    private static func predicates(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> [Assertion.Predicate] {
        guard node.mapping != nil else { return [.compare(.equal, try file.parameters(node, key: key))] }
        var predicates: [Assertion.Predicate] = []
        for (name, _, value) in try file.fields(of: node, key: key, allowed: predicateKeys) {
            let path = "\(key).\(name)"
            if let comparison = Assertion.Predicate.Comparison(rawValue: name) {
                predicates.append(.compare(comparison, try file.parameters(value, key: path)))
                continue
            }
            let kind = Assertion.Predicate.ValueKind.allCases.first { $0.predicateName == name }
            let trait = Assertion.Predicate.Trait.allCases.first { $0.predicateName == name }
            if kind != nil || trait != nil {
                guard try file.bool(value, key: path) else {
                    throw file.problem(at: value, key: path, "write `\(name): true`, or leave it out")
                }
                predicates.append(kind.map(Assertion.Predicate.isKind) ?? .trait(trait!))
                continue
            }
            switch name {
            case "oneOf":
                predicates.append(
                    .oneOf(try file.items(of: value, key: path).map { item throws(ConfigProblem) in try file.parameters(item, key: path) }))
            case "contains": predicates.append(.contains(try file.parameters(value, key: path)))
            case "startsWith": predicates.append(.startsWith(try file.string(value, key: path)))
            case "endsWith": predicates.append(.endsWith(try file.string(value, key: path)))
            case "matches":
                let pattern = try file.string(value, key: path)
                guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                    throw file.problem(at: value, key: path, "is not a valid regular expression")
                }
                predicates.append(.matches(pattern))
            case "exists": predicates.append(.exists(try file.bool(value, key: path)))
            case "count": predicates += try Self.predicates(value, key: path, in: file).map(Assertion.Predicate.count)
            case "not": predicates += try Self.predicates(value, key: path, in: file).map(Assertion.Predicate.not)
            default: predicates += try Self.predicates(value, key: path, in: file).map(Assertion.Predicate.length)
            }
        }
        return predicates
    }

    private static func number(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> Parameters {
        let value = try file.parameters(node, key: key)
        guard case .number = value else { throw file.problem(at: node, key: key, "expected a status code such as 200") }
        return value
    }

    /// `capture: {name: source}` where a source is `$.path`, `/xml/path`, `header Name`, `status`,
    /// or `{from: source, secret: true}` / `{regex: "id=(\\d+)", secret: true}`.
    static func captures(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> [Capture] {
        var captures: [Capture] = []
        for (name, keyNode, value) in try file.entries(of: node, key: "capture") {
            let key = "capture.\(name)"
            guard Capture.isName(name) else {
                throw file.problem(at: keyNode, key: key, "is not a variable name (nor a `{{variable}}` template of one)")
            }
            if value.mapping == nil {
                captures.append(try capture(named: name, from: value, key: key, in: file))
                continue
            }
            var capture: Capture?
            var secret = false
            for (field, _, fieldValue) in try file.fields(of: value, key: key, allowed: ["from", "regex", "secret"]) {
                switch field {
                case "from": capture = try Self.capture(named: name, from: fieldValue, key: "\(key).from", in: file)
                case "regex":
                    let pattern = try file.string(fieldValue, key: "\(key).regex")
                    guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                        throw file.problem(at: fieldValue, key: "\(key).regex", "is not a valid regular expression")
                    }
                    capture = Capture(name: name, source: .regex(pattern))
                default: secret = try file.bool(fieldValue, key: "\(key).secret")
                }
            }
            guard var capture else {
                throw file.problem(at: value, key: key, "expected `from:` (a path, header NAME or status) or `regex:`")
            }
            capture.secret = secret
            captures.append(capture)
        }
        return captures
    }

    /// A `$` path that is not an RFC 9535 query is a problem at its place when the file is read, not
    /// when its check runs; one holding `{{variables}}` is checked once they are filled in.
    static func checkJSONPath(_ path: String, at node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        guard path.hasPrefix("$"), !path.containsASCII("{{") else { return }
        do {
            _ = try JSONPathQuery(path)
        } catch {
            // RFC 9535 dot names are letters, digits and `_`: `$.headers.X-Id` is written `$.headers['X-Id']`.
            let hint = path.contains("-") ? " (a name with `-` is written in brackets: $.headers['X-Request-Id'])" : ""
            throw file.problem(at: node, key: key, "is not a JSONPath query: \(error)\(hint)")
        }
    }

    /// An XPath expression that libxml2 does not compile is a problem at its place when the file is
    /// read; one holding `{{variables}}` is checked once they are filled in.
    static func checkXPath(_ expression: String, at node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        guard !expression.contains("{{") else { return }
        do {
            _ = try XPathExpression(expression)
        } catch {
            throw file.problem(at: node, key: key, "is not an XPath 1.0 expression: \(error)")
        }
    }

    /// A capture's source, with the filters after it, as a capture named `name`: a body path,
    /// `header NAME`, `status`, `xpath EXPR`, or any source of a check line (`regex "id=(\\d+)" toInt`,
    /// `cookie "sid"`, `$.date toDate "%Y-%m-%d" format "%d/%m"`).
    static func capture(named name: String, from node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> Capture {
        let text = try file.string(node, key: key)
        if text == "status" { return Capture(name: name, source: .status) }
        if text.hasPrefix("/") { return Capture(name: name, source: .body(path: text)) }
        if text.hasPrefix("$"), (try? JSONPathQuery(text)) != nil || !text.contains(" ") {
            try checkJSONPath(text, at: node, key: key, in: file)
            return Capture(name: name, source: .body(path: text))
        }
        if text.hasPrefix("header "), case let header = text.dropFirst(7).trimmingCharacters(in: .whitespaces), !header.isEmpty,
            !header.contains(" "), !header.hasPrefix("\"")
        {
            return Capture(name: name, source: .header(header))
        }
        // `xpath //a/@href`, unquoted, as files wrote it before filters.
        if text.hasPrefix("xpath "), case let expression = text.dropFirst(6).trimmingCharacters(in: .whitespaces),
            !expression.hasPrefix("\"")
        {
            try checkXPath(expression, at: node, key: key, in: file)
            return Capture(name: name, source: .xpath(expression))
        }
        do {
            guard case .capture(var capture) = try CheckLine(parsing: "capture \(name.isEmpty ? "_" : name) = \(text)") else {
                throw CheckProblem("not a capture")
            }
            capture.name = name
            return capture
        } catch {
            if text.hasPrefix("$") { try checkJSONPath(String(text.prefix { $0 != " " }), at: node, key: key, in: file) }
            throw file.problem(
                at: node, key: key,
                "expected a body path ($.token, /root/id), `header NAME`, `status` or a query with its filters: \(error)")
        }
    }

    /// `retry: {count: 5, interval: 500}` (the interval in milliseconds, 1000 when left out).
    static func retry(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> RetryPolicy {
        var policy = RetryPolicy(count: 0)
        var counted = false
        for (field, _, value) in try file.fields(of: node, key: "retry", allowed: ["count", "interval"]) {
            if field == "count" {
                policy.count = try file.int(value, key: "retry.count", in: 1...1000)
                counted = true
            } else {
                policy.interval = try file.int(value, key: "retry.interval", in: 0...600_000)
            }
        }
        guard counted else { throw file.problem(at: node, key: "retry", "needs a count (how many more sends)") }
        return policy
    }

    // MARK: - Writing

    /// The `expect:` mapping: assertions grouped by subject in the order they first appear.
    /// `expect: body: schema:`: a file (relative to the request file, and in its collection, or
    /// without one its folder) or a schema written inline, compiled now so that a schema Ferry
    /// cannot use is a located problem.
    static func bodySchema(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> BodySchema {
        var directory = (file.path as NSString).deletingLastPathComponent
        if directory.isEmpty { directory = "." }
        var access = FileAccessPolicy(collection: file.boundary ?? directory, source: file.path)
        access.directory = directory
        let key = "expect.body.schema"
        // What is checked is a response: OpenAPI's `writeOnly` properties have no place in it.
        let responses = SchemaOptions(direction: .response)
        do {
            if let reference = node.scalar?.string {
                return BodySchema(
                    file: reference, json: nil, compiled: try SchemaFile.compile(reference, access: access, field: key, options: responses))
            }
            guard let json = SchemaFile.json(node, budget: file.budget) else {
                throw file.problem(at: node, key: key, "holds more than \(file.budget.limit) values (YAML aliases repeat their values)")
            }
            return BodySchema(
                file: nil, json: json, compiled: try SchemaFile.compile(json: json, access: access, field: key, options: responses))
        } catch {
            throw file.problem(at: node, key: key, "is not a schema Ferry can use: \(error)")
        }
    }

    /// An inline schema written back as the YAML it was read from (JSON is YAML); a file as its path.
    static func schemaNode(_ schema: BodySchema) -> Node {
        guard let json = schema.json, let node = try? Yams.compose(yaml: json) else { return .text(schema.file ?? "") }
        return node
    }

    static func expectNode(_ assertions: [Assertion]) -> Node {
        var pairs: [(String, Node)] = []
        var headers: [(String, Node)] = []
        var body: [(String, Node)] = []
        var xpath: [(String, Node)] = []
        var grpc: [(String, Node)] = []
        var lines: [Node] = []
        var groups: [(subject: Assertion.Subject, predicates: [Assertion.Predicate])] = []
        for assertion in assertions {
            let index = groups.firstIndex { $0.subject == assertion.subject }
            // A query the mappings have no key for, filters, or a predicate its subject already has
            // (`contains: a` twice would be a key twice) is a line of `checks:`.
            if !assertion.filters.isEmpty || Self.isLineQuery(assertion.subject)
                || Self.hasTypedVariable(assertion.predicate)
                || index.map({ groups[$0].predicates.map(Self.key).contains(Self.key(assertion.predicate)) }) ?? false
            {
                lines.append(.text(assertion.text))
                continue
            }
            if let index {
                groups[index].predicates.append(assertion.predicate)
            } else {
                groups.append((assertion.subject, [assertion.predicate]))
            }
        }
        for (subject, predicates) in groups {
            let value = predicateNode(predicates, statusForm: subject == .status)
            switch subject {
            case .status: pairs.append(("status", value))
            case .header(let name): headers.append((name, value))
            case .body(let path): body.append((path, value))
            case .duration: pairs.append(("duration", value))
            case .size: pairs.append(("size", value))
            case .bodyEquals(let example): pairs.append(("bodyEquals", .text(example)))
            case .xpath(let expression): xpath.append((expression, value))
            case .query(.grpcStatus): grpc.insert(("status", predicateNode(predicates.map(GRPCStatusCode.named), statusForm: true)), at: 0)
            case .query(.grpcMessage): grpc.append(("message", value))
            case .query, .script, .contract: break  // written as lines; a script's tests and the contract's are their own
            case .schema(let schema): body.insert(("schema", Self.schemaNode(schema)), at: 0)
            }
        }
        if !headers.isEmpty { pairs.insert(("headers", .map(headers)), at: pairs.firstIndex { $0.0 != "status" } ?? pairs.count) }
        if !body.isEmpty {
            pairs.insert(("body", .map(body)), at: pairs.firstIndex { $0.0 != "status" && $0.0 != "headers" } ?? pairs.count)
        }
        if !xpath.isEmpty { pairs.append(("xpath", .map(xpath))) }
        if !grpc.isEmpty { pairs.insert(("grpc", .map(grpc)), at: pairs.firstIndex { $0.0 != "status" } ?? pairs.count) }
        if !lines.isEmpty { pairs.append(("checks", .list(lines))) }
        return .map(pairs)
    }

    /// A query the `expect:` mappings have no key for (gRPC's status and message have `grpc:`'s).
    private static func isLineQuery(_ subject: Assertion.Subject) -> Bool {
        guard case .query(let query) = subject else { return false }
        return query != .grpcStatus && query != .grpcMessage
    }

    /// Whether the predicate compares with an unquoted `{{name}}` (typed once filled in), which YAML
    /// would read as a mapping: such a check is written as a line.
    private static func hasTypedVariable(_ predicate: Assertion.Predicate) -> Bool {
        switch predicate {
        case .compare(_, .number(let text)), .contains(.number(let text)): text.hasPrefix("{{")
        case .count(let inner), .length(let inner), .not(let inner): hasTypedVariable(inner)
        default: false
        }
    }

    /// The key a predicate is written under in its subject's mapping: `==`, `contains`, `count.>`.
    private static func key(_ predicate: Assertion.Predicate) -> String {
        switch predicate {
        case .compare(let comparison, _): comparison.rawValue
        case .count(let inner): "count." + key(inner)
        case .length(let inner): "length." + key(inner)
        case .not(let inner): "not." + key(inner)
        default: String(predicate.text.prefix { $0 != " " })
        }
    }

    /// A bare value for a lone `==` (a status class or list for `status`), else a predicate mapping.
    private static func predicateNode(_ predicates: [Assertion.Predicate], statusForm: Bool) -> Node {
        if predicates.count == 1 {
            switch predicates[0] {
            case .compare(.equal, let value):
                if statusForm, case .array = value { break }
                if case .object = value { break }  // a bare mapping would read as predicates: `==: {…}`
                return .parameters(value)
            case .statusClass(let digit) where statusForm: return .text("\(digit)xx")
            case .oneOf(let values) where statusForm: return .parameters(.array(values))
            default: break
            }
        }
        var pairs: [(String, Node)] = []
        var counts: [Assertion.Predicate] = []
        var lengths: [Assertion.Predicate] = []
        var negated: [Assertion.Predicate] = []
        for predicate in predicates {
            switch predicate {
            case .compare(let comparison, let value): pairs.append((comparison.rawValue, .parameters(value)))
            case .oneOf(let values): pairs.append(("oneOf", .parameters(.array(values))))
            case .statusClass(let digit): pairs.append(("matches", .text("^\(digit)")))
            case .contains(let value): pairs.append(("contains", .parameters(value)))
            case .startsWith(let text): pairs.append(("startsWith", .text(text)))
            case .endsWith(let text): pairs.append(("endsWith", .text(text)))
            case .matches(let pattern): pairs.append(("matches", .text(pattern)))
            case .exists(let exists): pairs.append(("exists", .plain("\(exists)")))
            case .isKind(let kind): pairs.append((kind.predicateName, .plain("true")))
            case .count(let inner): counts.append(inner)
            case .length(let inner): lengths.append(inner)
            case .not(let inner): negated.append(inner)
            case .trait(let trait): pairs.append((trait.predicateName, .plain("true")))
            }
        }
        if !counts.isEmpty { pairs.append(("count", predicateNode(counts, statusForm: false))) }
        if !lengths.isEmpty { pairs.append(("length", predicateNode(lengths, statusForm: false))) }
        if !negated.isEmpty { pairs.append(("not", predicateNode(negated, statusForm: false))) }
        return .map(pairs)
    }

    /// The `retry:` mapping.
    static func retryNode(_ policy: RetryPolicy) -> Node {
        .map([("count", .plain("\(policy.count)")), ("interval", .plain("\(policy.interval)"))])
    }

    /// The `capture:` mapping.
    static func captureNode(_ captures: [Capture]) -> Node {
        .map(
            captures.map { capture in
                let source: (String, Node) =
                    switch capture.source {
                    case .regex(let pattern) where capture.filters.isEmpty: ("regex", .text(pattern))
                    default: ("from", .text(capture.sourceText))
                    }
                if !capture.secret, source.0 == "from" { return (capture.name, source.1) }
                return (capture.name, .map([source] + (capture.secret ? [("secret", .plain("true"))] : [])))
            })
    }
}
