/// One segment of a query: a child segment (`.name`, `[…]`) or a descendant segment (`..name`,
/// `..[…]`), with its selectors and where it starts in the query text.
public struct JSONPathSegment: Hashable, Sendable {
    public var selectors: [JSONPathSelector]
    /// A descendant segment applies its selectors to the input node and every node below it.
    public var isDescendant: Bool
    /// Where the segment starts in the query (0-based, in Unicode scalars).
    public var position: Int

    /// A segment of one name or index selector, as a singular query is made of.
    var isSingular: Bool {
        guard !isDescendant, selectors.count == 1 else { return false }
        switch selectors[0] {
        case .name, .index: return true
        default: return false
        }
    }
}
