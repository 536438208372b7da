/// What the query editor offers at its cursor: the fields of the type whose selection set holds it.
extension IntrospectedSchema {
    /// The type whose fields may be selected at `scope`; nil when the cursor is outside any
    /// selection set or the path names something the schema does not have.
    public func selectedType(at scope: GraphQLCursorScope) -> NamedType? {
        var current: NamedType?
        for step in scope.steps {
            switch step {
            case .operation(let keyword):
                let root = keyword == "mutation" ? mutationType : keyword == "subscription" ? subscriptionType : queryType
                current = root.flatMap(type(named:))
            case .type(let name):
                current = type(named: name)
            case .field(let name):
                current = current?.fields.first { $0.name == name }.flatMap { type(named: $0.typeName) }
            }
            if current == nil { return nil }
        }
        return current
    }

    /// The fields valid at the cursor whose names start with what is typed there.
    public func completions(at scope: GraphQLCursorScope) -> [Field] {
        guard let type = selectedType(at: scope) else { return [] }
        return type.fields.filter { $0.name.hasPrefix(scope.prefix) && $0.name != scope.prefix }
    }
}
