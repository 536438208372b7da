import FerryCore

/// The response tabs' state beyond scrolling: the prompt, the current search, the Hex tab's marked
/// bytes and Raw's pretty form. Reset when a new response arrives.
public struct ResponseViews: Hashable, Sendable {
    /// The search being typed or the path/offset being entered, or nil.
    public var prompt: ViewPrompt?
    /// The last search: its query and tab, and its matches once the runtime has found them.
    public var search: SearchState?
    /// The bytes the Hex tab highlights: the Tree selection's range, a search match, a jumped-to byte.
    public var hexMark: Range<Int64>?
    /// True when Raw shows the document pretty-printed rather than as received.
    public var pretty = false
    /// Raw's pretty lines (at most the preview limit), made when first shown.
    public var prettyLines: [String]?
    /// The Tree selection Hex and Raw last scrolled to.
    var followedNode: NodeID?
    /// A byte offset Raw scrolls to the next time it is shown.
    var rawTarget: Int64?
    var nextSearchID = 1

    public init() {}
}
