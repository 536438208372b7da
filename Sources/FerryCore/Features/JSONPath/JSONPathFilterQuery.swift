/// A query inside a filter: relative to the current node (`@.a`) or to the root (`$.a`).
public struct JSONPathFilterQuery: Hashable, Sendable {
    public var isRelative: Bool
    public var segments: [JSONPathSegment]

    /// Only name and index segments: the query selects at most one node.
    public var isSingular: Bool { segments.allSatisfy(\.isSingular) }
}
