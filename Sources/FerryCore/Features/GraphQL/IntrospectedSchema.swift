import Foundation

/// A GraphQL schema as its server describes it by introspection (`__schema`): the named types
/// with their fields, arguments, input fields and enum values. Read from the introspection JSON
/// (cached per URL by FerryStore), printed as SDL, and asked for the fields valid at a cursor.
public struct IntrospectedSchema: Sendable, Hashable {
    public var queryType: String?
    public var mutationType: String?
    public var subscriptionType: String?
    public var types: [NamedType]

    /// One named type: object, interface, union, enum, input object or scalar.
    public struct NamedType: Sendable, Hashable {
        /// `OBJECT`, `INTERFACE`, `UNION`, `ENUM`, `INPUT_OBJECT` or `SCALAR`.
        public var kind: String
        public var name: String
        public var description: String?
        public var fields: [Field] = []
        public var inputFields: [InputValue] = []
        public var enumValues: [String] = []
        public var interfaces: [String] = []
        public var possibleTypes: [String] = []
    }

    /// A field of an object or interface type.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var description: String?
        public var arguments: [InputValue]
        /// The type as GraphQL writes it (`[User!]!`).
        public var type: String
        /// The named type inside the wrappers (`User`).
        public var typeName: String
    }

    /// An argument or an input field.
    public struct InputValue: Sendable, Hashable {
        public var name: String
        public var type: String
        public var defaultValue: String?
    }

    /// The type named `name`.
    public func type(named name: String) -> NamedType? { types.first { $0.name == name } }

    /// Reads an introspection result: the response (`{"data": {"__schema": …}}`) or `__schema`'s
    /// parent alone. Throws `parseFailed` when it is not one.
    public init(introspection data: Data) throws {
        let root = try? JSONSerialization.jsonObject(with: data)
        let container = (root as? [String: Any])?["data"] as? [String: Any] ?? root as? [String: Any]
        guard let schema = container?["__schema"] as? [String: Any], let types = schema["types"] as? [[String: Any]] else {
            throw FerryError.responseSerializationFailed(reason: .parseFailed(
                format: "GraphQL introspection", error: DocumentParseError(offset: 0, line: 1, column: 1, message: "no data.__schema.types"), underlying: nil))
        }
        queryType = Self.name(of: schema["queryType"])
        mutationType = Self.name(of: schema["mutationType"])
        subscriptionType = Self.name(of: schema["subscriptionType"])
        self.types = types.compactMap(Self.namedType)
    }

    private static func name(of value: Any?) -> String? { (value as? [String: Any])?["name"] as? String }

    private static func namedType(_ object: [String: Any]) -> NamedType? {
        guard let kind = object["kind"] as? String, let name = object["name"] as? String else { return nil }
        var type = NamedType(kind: kind, name: name, description: object["description"] as? String)
        type.fields = (object["fields"] as? [[String: Any]] ?? []).compactMap { field in
            guard let name = field["name"] as? String else { return nil }
            let written = typeText(field["type"])
            return Field(name: name, description: field["description"] as? String,
                         arguments: inputValues(field["args"]), type: written.text, typeName: written.name)
        }
        type.inputFields = inputValues(object["inputFields"])
        type.enumValues = (object["enumValues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        type.interfaces = (object["interfaces"] as? [Any] ?? []).compactMap { self.name(of: $0) }
        type.possibleTypes = (object["possibleTypes"] as? [Any] ?? []).compactMap { self.name(of: $0) }
        return type
    }

    private static func inputValues(_ value: Any?) -> [InputValue] {
        (value as? [[String: Any]] ?? []).compactMap { input in
            guard let name = input["name"] as? String else { return nil }
            return InputValue(name: name, type: typeText(input["type"]).text, defaultValue: input["defaultValue"] as? String)
        }
    }

    /// A type reference written as GraphQL writes it, and the named type inside it.
    private static func typeText(_ value: Any?, depth: Int = 0) -> (text: String, name: String) {
        guard let reference = value as? [String: Any], depth < 16 else { return ("?", "?") }
        switch reference["kind"] as? String {
        case "NON_NULL":
            let inner = typeText(reference["ofType"], depth: depth + 1)
            return (inner.text + "!", inner.name)
        case "LIST":
            let inner = typeText(reference["ofType"], depth: depth + 1)
            return ("[" + inner.text + "]", inner.name)
        default:
            let name = reference["name"] as? String ?? "?"
            return (name, name)
        }
    }
}
