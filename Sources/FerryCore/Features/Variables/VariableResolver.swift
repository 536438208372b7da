import Foundation

/// Replaces `{{name}}` placeholders with variable values (a value may hold placeholders of its
/// own, filled in turn) and built-ins (`BuiltInVariable`: `$uuid`, `$timestamp`, Postman's `$guid`…;
/// and `$env.NAME` only when host variables are allowed). Pure apart from the injected clock and random source.
public struct VariableResolver: Sendable {
    /// The variables by name; later layers replace earlier ones.
    public private(set) var variables: [String: Variable] = [:]
    /// The host's environment, or nil when `{{$env.NAME}}` is not allowed.
    public var hostEnvironment: [String: String]?
    public var now: @Sendable () -> Date
    public var randomInt: @Sendable () -> Int
    /// True for `literal`: text is taken as it is, `{{…}}` included.
    public private(set) var isLiteral = false
    /// Where the texts being rendered keep their templates (`RequestDescription.resolved` gives its
    /// own); nil: each text is split when rendered.
    var templates: TemplateCache?

    /// A resolver that leaves every text as written: a request typed on the command line has no
    /// variables, and `{{` in it is meant literally (as curl sends it).
    public static var literal: VariableResolver {
        var resolver = VariableResolver()
        resolver.isLiteral = true
        return resolver
    }

    public init(
        _ variables: [Variable] = [], hostEnvironment: [String: String]? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        randomInt: @escaping @Sendable () -> Int = { Int.random(in: 0...1000) }
    ) {
        self.hostEnvironment = hostEnvironment
        self.now = now
        self.randomInt = randomInt
        add(variables)
    }

    /// Adds or replaces variables; a later value of a secret variable stays secret.
    public mutating func add(_ layer: [Variable]) {
        for variable in layer {
            var merged = variable
            merged.isSecret = variable.isSecret || variables[variable.name]?.isSecret == true
            variables[variable.name] = merged
        }
    }

    /// Removes variables (a script's `unset`).
    public mutating func remove(_ names: [String]) {
        for name in names { variables[name] = nil }
    }

    /// `text` with every placeholder replaced; an unknown name throws
    /// `FerryError.invalidRequest(.unresolvedVariable)` naming `place` ("url", "header Accept").
    public func render(_ text: String, place: String) throws -> String {
        try render(text, place: place, escaping: .none)
    }

    /// `text` with every placeholder replaced, each value escaped for the body it goes into
    /// (`TemplateEscaping`); an unknown name throws as `render(_:place:)` does.
    public func render(_ text: String, place: String, escaping: TemplateEscaping) throws -> String {
        guard !isLiteral, text.containsASCII("{{") else { return text }  // no placeholder: nothing to split or copy
        let template = try templates?.template(text) ?? Template(namesResolved(text, place: place))
        return try escaping.render(template) { name in try expandedValue(of: name, place: place, within: []) }
    }

    /// `text` with every placeholder that stands inside another's name replaced by its value, the
    /// innermost first, as Postman reads `{{host.{{region}}}}`; a text without one comes back as it is.
    /// At most `maximumNesting` rounds, so a value that brings back its own placeholder ends.
    private func namesResolved(_ text: String, place: String) throws -> String {
        var text = text
        for _ in 0..<Self.maximumNesting {
            guard text.containsASCII("{{"), let inner = Self.innermostNestedPlaceholder(in: text) else { return text }
            let name = Substring(text.unicodeScalars[inner.name]).trimmingWhitespace()
            let value = try expandedValue(of: name, place: place, within: [])
            text.replaceSubrange(inner.whole, with: value)
        }
        return text
    }

    /// Postman's own limit on placeholders within placeholders.
    static let maximumNesting = 19

    /// True when a placeholder of `text` stands inside another's name (`{{host.{{region}}}}`).
    static func nestsPlaceholders(_ text: String) -> Bool { innermostNestedPlaceholder(in: text) != nil }

    /// The first `{{name}}` (no braces in its name) that is opened inside another `{{`.
    private static func innermostNestedPlaceholder(
        in text: String
    ) -> (whole: Range<String.Index>, name: Range<String.Index>)? {
        let utf8 = text.utf8
        var opens: [String.Index] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard next < utf8.endIndex, utf8[index] == utf8[next], utf8[index] == UInt8(ascii: "{") || utf8[index] == UInt8(ascii: "}")
            else {
                index = next
                continue
            }
            let after = utf8.index(after: next)
            if utf8[index] == UInt8(ascii: "{") {
                opens.append(index)
            } else if let open = opens.popLast() {
                let nameStart = utf8.index(open, offsetBy: 2)
                if !opens.isEmpty, nameStart < index { return (open..<after, nameStart..<index) }
            }
            index = after
        }
        return nil
    }

    /// The value of `name` with the placeholders it holds filled in turn, as Postman, Insomnia and
    /// the `.http` editors do (`baseURL: "{{scheme}}://{{host}}"`); built-ins are never expanded. An
    /// unknown name throws as `render` does, its place saying which variable holds it (a placeholder
    /// is never sent as written); a value that comes back to itself throws naming the cycle.
    private func expandedValue(of name: String, place: String, within outer: [String]) throws -> String {
        guard let value = value(of: name) else { throw FerryError.invalidRequest(reason: .unresolvedVariable(name: name, place: place)) }
        guard variables[name] != nil, value.containsASCII("{{") else { return value }
        let template = Template(value)
        guard !template.variableNames.isEmpty else { return value }
        guard !outer.contains(name) else {
            let cycle = (outer.drop { $0 != name } + [name]).map { "{{\($0)}}" }.joined(separator: " → ")
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "the variable {{\(outer[0])}}", problem: "its value is made of itself: \(cycle)"))
        }
        return try template.pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .variable(let inner):
                try expandedValue(of: inner, place: outer.isEmpty ? "\(place) (through {{\(name)}})" : place, within: outer + [name])
            }
        }.joined()
    }

    /// The value of one name, or nil when it has none.
    public func value(of name: String) -> String? {
        if let variable = variables[name] { return variable.value }
        guard name.hasPrefix("$") else { return nil }
        if name.hasPrefix("$env.") { return hostEnvironment?[String(name.dropFirst(5))] }
        return BuiltInVariable.value(of: name, now: now(), randomInt: randomInt)
    }

    /// The redaction for the secret variables' values.
    public var redaction: Redaction {
        Redaction(secretsOf: variables.values)
    }
}
