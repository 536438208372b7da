/// The response pane, a room of the TUI: which tab shows, how far each tab is scrolled, wrapping,
/// and the views' own state (reset when a new response arrives).
public struct ResponsePane: Sendable {
    public var tab = ResponseTab.tree
    public var scroll: [ResponseTab: Int] = [:]
    public var wrap = false
    public var views = ResponseViews()

    public init() {}
}
