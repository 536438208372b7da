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
    /// parent alone, with Ferry's own JSON parser (a flat node table: an 8 MB schema stays tens of
    /// megabytes in memory). Throws `parseFailed` with the place when it is not JSON, or not a schema.
    public init(introspection data: Data) throws {
        let document: Document
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw FerryError.responseSerializationFailed(reason: .parseFailed(format: "JSON", error: error, underlying: nil))
        }
        let reader = Reader(members: JSONMembers(document: document))
        let container = reader.members.member("data", of: document.root) ?? document.root
        guard let schema = reader.members.member("__schema", of: container), let types = reader.members.member("types", of: schema),
            document.kind(of: types) == .array
        else {
            throw FerryError.responseSerializationFailed(
                reason: .parseFailed(
                    format: "GraphQL introspection",
                    error: DocumentParseError(offset: 0, line: 1, column: 1, message: "no data.__schema.types"), underlying: nil))
        }
        queryType = reader.name(of: reader.members.member("queryType", of: schema))
        mutationType = reader.name(of: reader.members.member("mutationType", of: schema))
        subscriptionType = reader.name(of: reader.members.member("subscriptionType", of: schema))
        self.types = document.children(of: types).compactMap(reader.namedType)
    }

    /// Reads the parts of an introspection result out of its document.
    private struct Reader {
        let members: JSONMembers

        func name(of node: NodeID?) -> String? { members.string("name", of: node) }

        func namedType(_ node: NodeID) -> NamedType? {
            guard let kind = members.string("kind", of: node), let name = name(of: node) else { return nil }
            var type = NamedType(kind: kind, name: name, description: members.string("description", of: node))
            type.fields = members.items("fields", of: node).compactMap { field in
                guard let name = self.name(of: field) else { return nil }
                let written = typeText(members.member("type", of: field))
                return Field(
                    name: name, description: members.string("description", of: field), arguments: inputValues("args", of: field),
                    type: written.text, typeName: written.name)
            }
            type.inputFields = inputValues("inputFields", of: node)
            type.enumValues = members.items("enumValues", of: node).compactMap { self.name(of: $0) }
            type.interfaces = members.items("interfaces", of: node).compactMap { self.name(of: $0) }
            type.possibleTypes = members.items("possibleTypes", of: node).compactMap { self.name(of: $0) }
            return type
        }

        func inputValues(_ key: String, of node: NodeID) -> [InputValue] {
            members.items(key, of: node).compactMap { input in
                guard let name = self.name(of: input) else { return nil }
                return InputValue(
                    name: name, type: typeText(members.member("type", of: input)).text,
                    defaultValue: members.string("defaultValue", of: input))
            }
        }

        /// A type reference written as GraphQL writes it, and the named type inside it.
        func typeText(_ node: NodeID?, depth: Int = 0) -> (text: String, name: String) {
            guard let node, depth < 16 else { return ("?", "?") }
            switch members.string("kind", of: node) {
            case "NON_NULL":
                let inner = typeText(members.member("ofType", of: node), depth: depth + 1)
                return (inner.text + "!", inner.name)
            case "LIST":
                let inner = typeText(members.member("ofType", of: node), depth: depth + 1)
                return ("[" + inner.text + "]", inner.name)
            default:
                let name = self.name(of: node) ?? "?"
                return (name, name)
            }
        }
    }
}
