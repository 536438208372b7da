/// The history over the screen: the search, the entries found (newest first), the entries marked
/// for a diff, and the diff when one is shown.
public struct HistoryPane: Hashable, Sendable {
    public var query = TextField()
    /// True while the search is being typed.
    public var isSearching = false
    public var rows: [HistoryRow] = []
    public var selection = 0
    /// Entries marked with space, oldest mark first (at most two).
    public var marked: [Int64] = []
    /// The diff of the two marked entries, as lines, while it is shown.
    public var diff: [String]?
    public var diffScroll = 0

    public init() {}

    /// The selected entry, if any.
    public var selectedRow: HistoryRow? { rows.indices.contains(selection) ? rows[selection] : nil }

    /// Marks or unmarks an entry; a third mark drops the oldest.
    public mutating func toggleMark(_ id: Int64) {
        if let index = marked.firstIndex(of: id) {
            marked.remove(at: index)
        } else {
            marked.append(id)
            if marked.count > 2 { marked.removeFirst() }
        }
    }
}
