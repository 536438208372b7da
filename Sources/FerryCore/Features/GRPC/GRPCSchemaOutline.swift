/// What the TUI completes a gRPC request with: a server's (or its schema files') methods and the
/// fields of their messages, as the gRPC layer read them from reflection, `.proto` files or descriptor sets.
public struct GRPCSchemaOutline: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// The name as Ferry writes it in JSON (the field's `json_name`).
        public var name: String
        /// The full name of the field's message type (a repeated field's element, a map's value); nil
        /// for a scalar, an enum, or a well-known type with a JSON form of its own.
        public var messageType: String?
        /// The names of the field's enum values (a repeated field's element, a map's value); empty for other kinds.
        public var enumValues: [String]
        /// True for a map: its JSON object's keys are the map's keys, its values those `messageType` or `enumValues` say.
        public var isMap: Bool

        public init(name: String, messageType: String? = nil, enumValues: [String] = [], isMap: Bool = false) {
            self.name = name
            self.messageType = messageType
            self.enumValues = enumValues
            self.isMap = isMap
        }
    }

    /// `package.Service/Method` → the full name of its input type.
    public var methods: [String: String]
    /// A message type's full name → its fields, in declaration order.
    public var messages: [String: [Field]]

    public init(methods: [String: String], messages: [String: [Field]]) {
        self.methods = methods
        self.messages = messages
    }

    /// The methods (`package.Service/Method`) that start with `typed`, the URL's path after the host;
    /// at most `limit`, in order of name.
    public func methodCompletions(for typed: String, limit: Int = 5) -> [String] {
        Array(methods.keys.filter { $0.hasPrefix(typed) && $0 != typed }.sorted().prefix(limit))
    }

    /// What is offered at the cursor of a request message's JSON, `text` being the JSON up to the
    /// cursor, for the input type of `method`, at most `limit`: where a key goes, the names of the
    /// fields of the object the cursor is in that start with what is typed and that it does not hold
    /// yet; where an enum field's value goes (a list's element, a map's value too), its value names.
    /// Objects are followed through nested messages, lists and maps (whose keys are the map's own, so
    /// none is offered for them).
    public func fieldCompletions(method: String, before text: String, limit: Int = 5) -> [String] {
        guard let scope = JSONCursorScope(before: text), let type = methods[method] else { return [] }
        var field = Field(name: "", messageType: type)
        var inMap = false
        for key in scope.path {
            guard let next = inMap ? field : member(key, of: field) else { return [] }
            inMap = !inMap && next.isMap
            field = next
        }
        let offered: [String]
        if let valueOf = scope.valueOf {
            guard let valued = inMap ? field : member(valueOf, of: field), !valued.isMap || inMap else { return [] }
            offered = valued.enumValues
        } else {
            guard !inMap else { return [] }
            offered = (field.messageType.flatMap { messages[$0] } ?? []).map(\.name).filter { !scope.present.contains($0) }
        }
        return Array(offered.filter { $0.hasPrefix(scope.prefix) && $0 != scope.prefix }.prefix(limit))
    }

    /// The field `key` of the message `field` holds.
    private func member(_ key: String, of field: Field) -> Field? {
        field.messageType.flatMap { messages[$0] }?.first { $0.name == key }
    }
}
