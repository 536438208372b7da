/// The response pane, a room of the TUI: which tab shows, how far each tab is scrolled, wrapping,
/// and the views' own state (reset when a new response arrives).
public struct ResponsePane: Sendable {
    public var tab = ResponseTab.tree
    public var scroll: [ResponseTab: Int] = [:]
    public var wrap = false
    public var views = ResponseViews()
    /// Every response is shown as a stream of lines in the Events tab as it arrives (the `t` key, as `--stream`).
    public var forcesStream = false

    public init() {}

    /// A new outcome is shown: every tab back at its top and the views' state anew; a failure opens
    /// the Errors tab, a response leaves it for the Tree.
    public mutating func show(failed: Bool) {
        scroll = [:]
        views = ResponseViews()
        if failed { tab = .errors } else if tab == .errors { tab = .tree }
    }
}
