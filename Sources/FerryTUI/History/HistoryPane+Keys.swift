extension HistoryPane {
    /// Keys while the history is open: `/` searches (full text, off the UI thread), Enter shows the
    /// entry's exchange, `R` replays it, space marks, `D` diffs the two marked entries; a page is `page`
    /// rows. Nil when the key closes the history (Esc, q or F5 on the list).
    mutating func handle(_ key: Key, _ action: Action?, page: Int, notice: inout String?) -> [Effect]? {
        if diff != nil {
            switch action {
            case .down: diffScroll += 1
            case .up: diffScroll = max(0, diffScroll - 1)
            case .cancel, .quit: diff = nil
            default: break
            }
            return []
        }
        if isSearching {
            switch action {
            case .send, .down: isSearching = false
            case .cancel:
                isSearching = false
                query = TextField()
                return [.searchHistory("")]
            case let action?:
                query.edit(.apply(action))
                return [.searchHistory(query.text)]
            case nil:
                guard case .character(let character) = key else { return [] }
                query.insert(String(character))
                return [.searchHistory(query.text)]
            }
            return []
        }
        switch (key, action) {
        case (.character("R"), _):
            guard let row = selectedRow else { return [] }
            return [.openHistoryEntry(id: row.id, replay: true)]
        case (.character("D"), _):
            guard marked.count == 2 else { notice = "mark two entries with space first"; return [] }
            return [.diffHistory(old: marked.min()!, new: marked.max()!)]
        case (_, .search): isSearching = true
        case (_, .toggleRow): if let row = selectedRow { toggleMark(row.id) }
        case (_, .up), (_, .down), (_, .pageUp), (_, .pageDown), (_, .top), (_, .bottom):
            selection = max(0, min(rows.count - 1, selection + action!.delta(page: page)))
        case (_, .edit):
            guard let row = selectedRow else { return [] }
            return [.openHistoryEntry(id: row.id, replay: false)]
        case (_, .cancel), (_, .quit), (_, .history): return nil
        default: break
        }
        return []
    }

    /// The entries a search found, the selection kept where it still points at one.
    mutating func listed(_ found: [HistoryRow]) {
        selection = min(selection, max(0, found.count - 1))
        rows = found
    }

    /// Shows the diff of the two marked entries from its top.
    mutating func show(diff lines: [String]) {
        diff = lines
        diffScroll = 0
    }
}
