import Foundation

/// The history over the screen: search line, then `time method status URL` newest first (`*` marks),
/// or the diff of two marked entries.
struct HistoryOverlay {
    /// Where the history goes in `area`.
    static func box(in area: Rect) -> Rect { area.inset(by: 2) }

    func render(_ state: AppState, in bounds: Rect, canvas: inout Canvas) {
        guard let pane = state.history else { return }
        let rect = Self.box(in: bounds)
        guard rect.width > 10, rect.height > 4 else { return }
        canvas.cursor = nil
        canvas.openOverlay(rect, in: bounds, theme: state.theme)
        let title = pane.diff == nil ? "History: / search, Enter show, R replay, space mark, D diff" : "Diff: Esc closes"
        Frame(tabs: [title], active: 0, focused: true, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        if let diff = pane.diff {
            for (row, line) in diff.dropFirst(pane.diffScroll).prefix(inner.height).enumerated() {
                let role: Theme.Role =
                    line.hasPrefix("  +") ? .success : line.hasPrefix("  -") ? .error : line.hasPrefix("  ~") ? .accent : .base
                canvas.put([Span(line, role)], in: inner, row: row, theme: state.theme)
            }
            return
        }
        // A live prompt (accent, with the cursor) only while a search is typed; else what `/` does, or the search kept.
        let visible = pane.query.visible(width: inner.width - 2)
        let prompt =
            pane.isSearching
            ? [Span("/ ", .accent), Span(visible.text)]
            : [Span(pane.query.text.isEmpty ? "/ searches as you type" : "/ " + visible.text, .muted)]
        canvas.put(prompt, in: inner, row: 0, theme: state.theme, ellipsis: true)
        if pane.isSearching { canvas.cursor = (inner.x + 2 + visible.cursorColumn, inner.y) }
        let list = inner.splitTop(1).1
        guard !pane.rows.isEmpty else {
            canvas.putLine(pane.query.text.isEmpty ? "nothing recorded yet" : "nothing matches", in: list, style: state.theme[.muted])
            return
        }
        let top = max(0, min(pane.selection - list.height + 1, pane.rows.count - list.height))
        for (line, row) in pane.rows.dropFirst(top).prefix(list.height).enumerated() {
            let mark = pane.marked.contains(row.id) ? "*" : " "
            let status = row.status.map(String.init) ?? "ERR"
            let role = row.status.map(StatusLineView.statusRole) ?? .error
            canvas.put(
                [
                    Span(mark + Self.time(row.time) + " ", .muted),
                    Span(row.method.padding(toLength: 7, withPad: " ", startingAt: 0), .method),
                    Span(status + " ", role), Span(row.url),
                ], in: list, row: line, theme: state.theme, ellipsis: true)
            if top + line == pane.selection {
                canvas.restyle(Rect(x: list.x, y: list.y + line, width: list.width, height: 1), style: state.theme[.selection])
            }
        }
    }

    /// `2026-11-23 18:30:22` in UTC, so snapshots do not depend on the machine's zone.
    static func time(_ date: Date) -> String {
        String(date.formatted(.iso8601).replacingOccurrences(of: "T", with: " ").dropLast())
    }
}
