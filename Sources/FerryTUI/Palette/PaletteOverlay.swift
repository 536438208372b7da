import Foundation

/// The Ctrl-P overlay: the query on top, the matching actions and themes below, the selected one highlighted.
struct PaletteOverlay {
    /// Where the palette goes in `area` for `entries` entries: near the top, so the list grows down.
    static func box(entries: Int, in area: Rect) -> Rect {
        let centered = area.centered(width: min(76, area.width - 4), height: min(max(entries, 1) + 3, area.height - 4, 18))
        return Rect(x: centered.x, y: min(centered.y, area.y + 2), width: centered.width, height: centered.height)
    }

    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        guard let palette = state.overlays.palette else { return }
        let theme = state.theme
        let entries = state.paletteEntries
        let box = Self.box(entries: entries.count, in: screen)
        canvas.openOverlay(box, in: screen, theme: theme)
        Frame(tabs: ["Command palette: type to filter, Enter runs, Esc closes"], active: 0, focused: true, number: nil)
            .render(in: box, canvas: &canvas, theme: theme)
        let inner = box.inset(by: 1)
        let (queryRow, list) = inner.splitTop(1)
        let visible = palette.query.visible(width: queryRow.width - 2)
        canvas.put([Span("> ", .accent), Span(visible.text)], in: queryRow, row: 0, theme: theme)
        canvas.cursor = (queryRow.x + 2 + visible.cursorColumn, queryRow.y)
        guard !entries.isEmpty else {
            canvas.put([Span("nothing matches", .muted)], in: list, row: 0, theme: theme)
            return
        }
        let titleWidth = min(28, (entries.map { CharacterWidth.of($0.title) }.max() ?? 0) + 2)
        let keyWidth = min(16, (entries.map { CharacterWidth.of($0.keys) }.max() ?? 0) + 2)
        let first = RequestPaneView.firstVisible(selected: palette.selection, count: entries.count, height: list.height)
        for (row, index) in (first..<min(entries.count, first + list.height)).enumerated() {
            let entry = entries[index]
            canvas.put(
                [
                    Span(CharacterWidth.fitted(entry.title, to: titleWidth - 1) + " ", .accent),
                    Span(CharacterWidth.fitted(entry.keys, to: keyWidth - 1) + " ", .footerKey),
                    Span(entry.summary, .muted),
                ], in: list, row: row, theme: theme, ellipsis: true)
            if index == palette.selection {
                canvas.restyle(Rect(x: list.x, y: list.y + row, width: list.width, height: 1), style: theme[.selection])
            }
        }
    }
}
