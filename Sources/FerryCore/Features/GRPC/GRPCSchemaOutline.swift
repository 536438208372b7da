/// What the TUI completes a gRPC request with: a server's (or its schema files') methods and the
/// fields of their messages, as the gRPC layer read them from reflection, `.proto` files or descriptor sets.
public struct GRPCSchemaOutline: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// The name as Ferry writes it in JSON (the field's `json_name`).
        public var name: String
        /// The full name of the field's message type (a repeated field's element); nil for a scalar, an enum or a map.
        public var messageType: String?

        public init(name: String, messageType: String? = nil) {
            self.name = name
            self.messageType = messageType
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

    /// The field names offered at the cursor of a request message's JSON, `text` being the JSON up to
    /// the cursor, for the input type of `method`: those of the object the cursor is in that start
    /// with the name being typed and that it does not hold yet, at most `limit`; none when the cursor
    /// is not where a name goes.
    public func fieldCompletions(method: String, before text: String, limit: Int = 5) -> [String] {
        guard let scope = JSONCursorScope(before: text), var type = methods[method] else { return [] }
        for key in scope.path {
            guard let next = messages[type]?.first(where: { $0.name == key })?.messageType else { return [] }
            type = next
        }
        return Array(
            (messages[type] ?? []).map(\.name).filter {
                $0.hasPrefix(scope.prefix) && $0 != scope.prefix && !scope.present.contains($0)
            }.prefix(limit))
    }
}
