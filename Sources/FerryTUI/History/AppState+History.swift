import FerryCore

extension AppState {
    /// F5: opens the history and lists its newest entries.
    mutating func openHistory() -> [Effect] {
        history = HistoryPane()
        return [.searchHistory("")]
    }

    /// Keys while the history is open: `/` searches (full text, off the UI thread), Enter shows the
    /// entry's exchange, `R` replays it, space marks, `D` diffs the two marked entries, Esc closes.
    mutating func handleHistory(_ key: Key, _ action: Action?) -> [Effect] {
        guard var pane = history else { return [] }
        defer { if history != nil { history = pane } }
        if pane.diff != nil {
            switch action {
            case .down: pane.diffScroll += 1
            case .up: pane.diffScroll = max(0, pane.diffScroll - 1)
            case .cancel, .quit: pane.diff = nil
            default: break
            }
            return []
        }
        if pane.isSearching {
            switch action {
            case .send, .down: pane.isSearching = false
            case .cancel:
                pane.isSearching = false
                pane.query = TextField()
                return [.searchHistory("")]
            case let action?:
                pane.query.edit(.apply(action))
                return [.searchHistory(pane.query.text)]
            case nil:
                guard case .character(let character) = key else { return [] }
                pane.query.insert(String(character))
                return [.searchHistory(pane.query.text)]
            }
            return []
        }
        switch (key, action) {
        case (.character("R"), _):
            guard let row = pane.selectedRow else { return [] }
            return [.openHistoryEntry(id: row.id, replay: true)]
        case (.character("D"), _):
            guard pane.marked.count == 2 else { notice = "mark two entries with space first"; return [] }
            return [.diffHistory(old: pane.marked.min()!, new: pane.marked.max()!)]
        case (_, .search): pane.isSearching = true
        case (_, .toggleRow): if let row = pane.selectedRow { pane.toggleMark(row.id) }
        case (_, .up), (_, .down), (_, .pageUp), (_, .pageDown), (_, .top), (_, .bottom):
            let page = max(1, height - 6)
            pane.selection = max(0, min(pane.rows.count - 1, pane.selection + Self.delta(of: action!, page: page)))
        case (_, .edit):
            guard let row = pane.selectedRow else { return [] }
            return [.openHistoryEntry(id: row.id, replay: false)]
        case (_, .cancel), (_, .quit), (_, .history): history = nil
        default: break
        }
        return []
    }

    /// A recorded exchange arrived: its request goes into the editor, its response into the response
    /// views (or, for a replay, the request is sent again).
    mutating func historyEntryLoaded(_ request: RequestSource, _ summary: ResponseSummary?, replay: Bool) -> [Effect] {
        history = nil
        if asksAboutUnsavedEdits(before: .message(.historyEntryLoaded(request, summary, replay: replay))) { return [] }
        load(request, file: nil)
        if replay { return perform(.send, in: .browse) }
        // An open WebSocket is closed: its messages would have nowhere to go.
        let closing = closeWebSocket()
        events = EventsPane()
        if response.tab == .events { response.tab = .tree }
        response.show(failed: false)
        if let summary {
            present(summary)
            notice = "recorded exchange: \(request.title)"
        } else {
            exchange = .idle
            notice = "recorded exchange \(request.title): no response was recorded"
        }
        return closing
    }
}
