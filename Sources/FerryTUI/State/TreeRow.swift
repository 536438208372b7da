import FerryCore

/// One visible row of the Tree tab: a document node, how deep it sits, its position among its
/// siblings and its child count, worked out once when the row is made so drawing it is cheap.
public struct TreeRow: Hashable, Sendable {
    public var node: NodeID
    public var depth: Int
    public var position: Int
    public var childCount: Int

    /// The row for the `position`th child `node` at `depth` in `document`.
    public init(_ node: NodeID, depth: Int, position: Int, in document: Document) {
        self.node = node
        self.depth = depth
        self.position = position
        childCount = document.kind(of: node).isContainer ? document.childCount(of: node) : 0
    }
}
