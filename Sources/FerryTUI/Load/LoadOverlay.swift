/// The Load view over the screen: `LoadPane.lines`, framed, with what Esc does now.
struct LoadOverlay {
    func render(_ state: AppState, in bounds: Rect, canvas: inout Canvas) {
        guard let pane = state.load else { return }
        let rect = HistoryOverlay.box(in: bounds)
        guard rect.width > 10, rect.height > 4 else { return }
        canvas.cursor = nil
        canvas.openOverlay(rect, in: bounds, theme: state.theme)
        let title = pane.isRunning ? "Load: Esc stops (the summary stays)" : "Load: Esc closes, F7 runs another"
        Frame(tabs: [title], active: 0, focused: true, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        for (row, line) in pane.lines(width: inner.width).prefix(inner.height).enumerated() {
            canvas.put(line, in: inner, row: row, theme: state.theme, ellipsis: true)
        }
    }
}
