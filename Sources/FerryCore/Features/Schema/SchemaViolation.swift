/// One way an instance breaks its schema: where in the instance (JSON pointer and byte offset),
/// which keyword of the schema, where that keyword is (`#/components/schemas/Pet/properties/id/type`),
/// and what is wrong, in words.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// RFC 6901 pointer to the instance's node (`""` for the whole document).
    public var instancePointer: String
    /// The node in the instance document.
    public var node: NodeID
    /// Byte offset of the node in the instance's bytes.
    public var offset: Int
    /// The keyword that failed (`type`, `required`, `additionalProperties`…).
    public var keyword: String
    /// Where the keyword is: the schema document's name (empty for the one given) and a `#/…` pointer.
    public var schemaLocation: String
    public var message: String

    public init(instancePointer: String, node: NodeID, offset: Int, keyword: String, schemaLocation: String, message: String) {
        self.instancePointer = instancePointer
        self.node = node
        self.offset = offset
        self.keyword = keyword
        self.schemaLocation = schemaLocation
        self.message = message
    }

    public var description: String {
        "\(instancePointer.isEmpty ? "(root)" : instancePointer): \(message) [\(schemaLocation)]"
    }
}
