/// The Ctrl-P overlay's state: what was typed and which of the matching entries is selected.
public struct CommandPalette: Hashable, Sendable {
    public var query = TextField()
    public var selection = 0
    /// The only actions offered (Enter on a Tree filter's match offers two), or nil for every entry.
    public var choices: [Action]?

    public init(choices: [Action]? = nil) {
        self.choices = choices
    }

    /// Edits the query; the selection goes back to the best match.
    mutating func edit(_ change: TextChange) {
        query.edit(change)
        selection = 0
    }
}
