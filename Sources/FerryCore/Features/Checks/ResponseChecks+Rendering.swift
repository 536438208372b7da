extension ResponseChecks {
    /// The checks with `{{variables}}` in their expected values filled in (`$.args.n: "{{n}}"` with
    /// `--data` rows or captures); a filled-in value stays a string. An unknown name throws as a
    /// request's template does.
    public func rendered(with resolver: VariableResolver) throws -> ResponseChecks {
        var copy = self
        copy.assertions = try assertions.map { assertion in
            Assertion(assertion.subject, try assertion.predicate.rendered { try resolver.render($0, place: "expect: \(assertion.text)") })
        }
        return copy
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
        case .statusClass, .exists, .isKind: self
        }
    }

    private static func rendered(_ value: Parameters, _ render: (String) throws -> String) throws -> Parameters {
        switch value {
        case .string(let text): return .string(try render(text))
        case .array(let items): return .array(try items.map { try rendered($0, render) })
        case .object(let members): return .object(try members.map { ($0.key, try rendered($0.value, render)) })
        default: return value
        }
    }
}
