/// The exact request body as a hex dump (`x` in the Multipart tab), over the screen until closed.
struct BodyHexOverlay {
    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        guard let lines = state.overlays.bodyHex else { return }
        let theme = state.theme
        let box = screen.centered(width: min(80, screen.width), height: screen.height - 2)
        canvas.fill(box, style: theme[.overlay])
        Frame(tabs: ["Request body: Esc or x closes, j/k scroll"], active: 0, focused: true, number: nil).render(in: box, canvas: &canvas, theme: theme)
        let inner = box.inset(by: 1)
        let first = ResponsePaneView.clampedScroll(state.overlays.bodyHexScroll, lines: lines.count, height: inner.height)
        for row in 0..<inner.height where first + row < lines.count {
            canvas.put([Span(lines[first + row])], in: inner, row: row, theme: theme)
        }
    }
}
