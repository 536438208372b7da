/// The schema written in GraphQL's schema definition language, as `ferry graphql schema` prints it.
extension IntrospectedSchema {
    public var sdl: String {
        var blocks: [String] = []
        let roots = [
            ("query", queryType, "Query"), ("mutation", mutationType, "Mutation"), ("subscription", subscriptionType, "Subscription"),
        ]
        if roots.contains(where: { $0.1 != nil && $0.1 != $0.2 }) {
            blocks.append("schema {\n" + roots.compactMap { root in root.1.map { "  \(root.0): \($0)" } }.joined(separator: "\n") + "\n}")
        }
        for type in ownTypes { blocks.append(Self.description(type.description, indent: "") + Self.definition(of: type)) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func definition(of type: NamedType) -> String {
        switch type.kind {
        case "SCALAR":
            return "scalar \(type.name)"
        case "UNION":
            return "union \(type.name) = " + type.possibleTypes.joined(separator: " | ")
        case "ENUM":
            return "enum \(type.name) {\n" + type.enumValues.map { "  \($0)" }.joined(separator: "\n") + "\n}"
        case "INPUT_OBJECT":
            return "input \(type.name) {\n" + type.inputFields.map { "  " + inputValue($0) }.joined(separator: "\n") + "\n}"
        default:
            let keyword = type.kind == "INTERFACE" ? "interface" : "type"
            let implements = type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
            let fields = type.fields.map { field in
                let arguments = field.arguments.isEmpty ? "" : "(" + field.arguments.map(inputValue).joined(separator: ", ") + ")"
                return description(field.description, indent: "  ") + "  \(field.name)\(arguments): \(field.type)"
            }
            return "\(keyword) \(type.name)\(implements) {\n" + fields.joined(separator: "\n") + "\n}"
        }
    }

    private static func inputValue(_ value: InputValue) -> String {
        "\(value.name): \(value.type)" + (value.defaultValue.map { " = \($0)" } ?? "")
    }

    /// A description as a block string above its definition; empty when there is none.
    private static func description(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        return "\(indent)\"\"\"\(text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\""))\"\"\"\n"
    }
}
