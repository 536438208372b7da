/// The Ctrl-P overlay's state: what was typed and which of the matching entries is selected.
public struct CommandPalette: Hashable, Sendable {
    public var query = TextField()
    public var selection = 0

    public init() {}

    /// Edits the query; the selection goes back to the best match.
    mutating func edit(_ change: TextChange) {
        query.edit(change)
        selection = 0
    }
}
