/// Members of a JSON `Document` by key, for reading GraphQL answers (their `errors`, an
/// introspection result) out of Ferry's node table instead of a tree of Foundation objects.
struct JSONMembers {
    let document: Document

    /// The member `key` of the object `node`; nil when `node` is not an object or has none.
    func member(_ key: String, of node: NodeID?) -> NodeID? {
        guard let node, document.kind(of: node) == .object else { return nil }
        return document.children(of: node).first { document.key(of: $0) == key }
    }

    /// The string member `key` of `node`.
    func string(_ key: String, of node: NodeID?) -> String? {
        member(key, of: node).flatMap { document.kind(of: $0) == .string ? document.value(of: $0) : nil }
    }

    /// The items of the array member `key` of `node` (none when it is not an array).
    func items(_ key: String, of node: NodeID?) -> [NodeID] {
        guard let list = member(key, of: node), document.kind(of: list) == .array else { return [] }
        return Array(document.children(of: list))
    }
}
