import FerryCore

/// A `Sheet` (the body's hex dump, the curl command) over the screen until closed.
struct SheetOverlay {
    /// Where a sheet goes in `area`.
    static func box(in area: Rect) -> Rect {
        area.centered(width: min(max(80, area.width * 9 / 10), area.width), height: area.height - 2)
    }

    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        guard let sheet = state.overlays.sheet else { return }
        let theme = state.theme
        let box = Self.box(in: screen)
        canvas.openOverlay(box, in: screen, theme: theme)
        Frame(tabs: [sheet.title + ": Esc closes, j/k scroll"], active: 0, focused: true, number: nil).render(
            in: box, canvas: &canvas, theme: theme)
        let inner = box.inset(by: 1)
        let first = ResponsePaneView.clampedScroll(sheet.scroll, lines: sheet.lines.count, height: inner.height)
        for row in 0..<inner.height where first + row < sheet.lines.count {
            canvas.put([Span(TerminalSafeText.escaping(sheet.lines[first + row]))], in: inner, row: row, theme: theme, ellipsis: true)
        }
    }
}
