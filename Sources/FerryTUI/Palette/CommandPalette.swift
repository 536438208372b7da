/// The Ctrl-P overlay's state: what was typed and which of the matching entries is selected.
public struct CommandPalette: Hashable, Sendable {
    public var query = TextField()
    public var selection = 0
    /// The only actions offered (Enter on a Tree filter's match offers two), or nil for every entry.
    public var choices: [Action]?

    public init(choices: [Action]? = nil) {
        self.choices = choices
    }

    /// Up and down move the selection among `count` entries by one, page up and down by ten.
    mutating func move(_ action: Action, among count: Int) {
        let step =
            switch action {
            case .up: -1
            case .down: 1
            case .pageUp: -10
            default: 10
            }
        selection = max(0, min(count - 1, selection + step))
    }

    /// Edits the query; the selection goes back to the best match.
    mutating func edit(_ change: TextChange) {
        query.edit(change)
        selection = 0
    }
}
