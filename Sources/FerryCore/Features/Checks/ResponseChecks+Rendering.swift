import Foundation

extension ResponseChecks {
    /// The checks with `{{variables}}` in their expected values filled in (`$.args.n: "{{n}}"` with
    /// `--data` rows or captures); a filled-in value stays a string. An unknown name throws as a
    /// request's template does. A name this response captures is left for `CheckReport`, which fills
    /// it in once the captures are taken; `variable` queries get their values here. A capture's
    /// name written as a template (`{{key}}`) is filled in first.
    public func rendered(with resolver: VariableResolver) throws -> ResponseChecks {
        var copy = self
        copy.captures = try captures.map { capture in
            guard capture.name.utf8.contains(UInt8(ascii: "{")) else { return capture }
            var named = capture
            named.name = try resolver.render(capture.name, place: "capture: \(capture.name)")
            return named
        }
        let own = Set(copy.captures.map(\.name))
        copy.assertions = try assertions.map { assertion in
            var filled = assertion
            let render = { (text: String) throws -> String in
                try Self.fill(text, skipping: own) { try resolver.render("{{\($0)}}", place: "expect: \(assertion.text)") }
            }
            filled.predicate = try assertion.predicate.rendered(render)
            switch assertion.subject {
            case .body(let path) where path.contains("{{"): filled.subject = .body(path: try render(path))
            case .xpath(let expression) where expression.contains("{{"): filled.subject = .xpath(try render(expression))
            default: break
            }
            // A variable the request does not have is missing (`variable "x" not exists` holds), not an error.
            if case .query(.variable(let name)) = assertion.subject, !own.contains(name),
                let value = try? resolver.render("{{\(name)}}", place: "expect: \(assertion.text)")
            {
                copy.variables[name] = value
            }
            return filled
        }
        return copy
    }

    /// False when `rendered(with:)` would give the checks back as they are: no `{{` in an expected
    /// value, a body path or an XPath expression, no capture named by a template, no `variable`
    /// query. A run then skips rendering every response's checks.
    public var needsRendering: Bool {
        captures.contains { $0.name.utf8.contains(UInt8(ascii: "{")) }
            || assertions.contains { assertion in
                switch assertion.subject {
                case .body(let path) where path.containsASCII("{{"): true
                case .xpath(let expression) where expression.containsASCII("{{"): true
                case .query(.variable): true
                default: assertion.predicate.mentionsTemplate
                }
            }
    }

    /// The assertions with the `{{names}}` of `captured` filled in.
    func filled(with captured: [Variable]) -> [Assertion] {
        let values = Dictionary(captured.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        guard !values.isEmpty else { return assertions }
        return assertions.map { assertion in
            var filled = assertion
            filled.predicate =
                (try? assertion.predicate.rendered { text in
                    try Self.fill(text, skipping: Set(Template(text).variableNames).subtracting(values.keys)) { values[$0] ?? "" }
                }) ?? assertion.predicate
            return filled
        }
    }

    /// `text` with each `{{name}}` not in `skipped` replaced by `value(name)`.
    private static func fill(_ text: String, skipping skipped: Set<String>, _ value: (String) throws -> String) rethrows -> String {
        guard text.contains("{{") else { return text }
        return try Template(text).pieces.map { piece in
            switch piece {
            case .text(let literal): literal
            case .variable(let name): skipped.contains(name) ? "{{\(name)}}" : try value(name)
            }
        }.joined()
    }
}

extension Assertion.Predicate {
    /// The predicate with `render` applied to every expected string.
    func rendered(_ render: (String) throws -> String) throws -> Assertion.Predicate {
        switch self {
        case .compare(let comparison, let value): .compare(comparison, try Self.rendered(value, render))
        case .oneOf(let values): .oneOf(try values.map { try Self.rendered($0, render) })
        case .contains(let value): .contains(try Self.rendered(value, render))
        case .startsWith(let text): .startsWith(try render(text))
        case .endsWith(let text): .endsWith(try render(text))
        case .matches(let pattern): .matches(try render(pattern))
        case .count(let inner): .count(try inner.rendered(render))
        case .length(let inner): .length(try inner.rendered(render))
        case .not(let inner): .not(try inner.rendered(render))
        case .statusClass, .exists, .isKind, .trait: self
        }
    }

    /// True when an expected string holds a `{{` (what `rendered` would fill in).
    var mentionsTemplate: Bool {
        switch self {
        case .compare(_, let value), .contains(let value): Self.mentionsTemplate(value)
        case .oneOf(let values): values.contains(where: Self.mentionsTemplate)
        case .startsWith(let text), .endsWith(let text), .matches(let text): text.containsASCII("{{")
        case .count(let inner), .length(let inner), .not(let inner): inner.mentionsTemplate
        case .statusClass, .exists, .isKind, .trait: false
        }
    }

    private static func mentionsTemplate(_ value: Parameters) -> Bool {
        switch value {
        case .string(let text): text.containsASCII("{{")
        case .number(let text): text.hasPrefix("{{")
        case .array(let items): items.contains(where: mentionsTemplate)
        case .object(let members): members.contains { mentionsTemplate($0.value) }
        case .bool, .null: false
        }
    }

    private static func rendered(_ value: Parameters, _ render: (String) throws -> String) throws -> Parameters {
        switch value {
        case .string(let text): return .string(try render(text))
        case .number(let text) where text.hasPrefix("{{"):
            // An unquoted `{{name}}`: a number, a boolean, null, a JSON list or object, or text, as its value reads.
            let filled = try render(text)
            if filled.hasPrefix("{{") { return .number(filled) }
            if DecimalNumber(filled) != nil { return .number(filled) }
            if filled == "true" || filled == "false" { return .bool(filled == "true") }
            if filled == "null" { return .null }
            if filled.hasPrefix("[") || filled.hasPrefix("{"), let document = try? JSONParser.parse(Data(filled.utf8)),
                let value = try? Parameters(document: document)
            {
                return value
            }
            return .string(filled)
        case .array(let items): return .array(try items.map { try rendered($0, render) })
        case .object(let members): return .object(try members.map { ($0.key, try rendered($0.value, render)) })
        default: return value
        }
    }
}
