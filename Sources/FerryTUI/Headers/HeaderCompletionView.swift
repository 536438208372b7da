/// The header names offered under the header row being edited (above it near the bottom); the `complete` key takes the first.
struct HeaderCompletionView {
    func render(_ state: AppState, below row: Int, in rect: Rect, canvas: inout Canvas) {
        let names = state.editor.headerCompletions
        guard !names.isEmpty else { return }
        let width = min(rect.width - 4, (names.map { CharacterWidth.of($0) }.max() ?? 0) + 8)
        let below = rect.maxY - (rect.y + row + 1)
        let shown = names.prefix(max(below, row))
        let top = below >= shown.count ? rect.y + row + 1 : rect.y + row - shown.count
        for (index, name) in shown.enumerated() {
            let hint = index == 0 ? state.keymap.bindings.first { $0.action == .complete }.map { " " + $0.key.spec } ?? "" : ""
            let line = Rect(x: rect.x + 4, y: top + index, width: width, height: 1)
            canvas.put([Span(" " + name, index == 0 ? .selection : .overlay), Span(hint, .muted)], in: line, row: 0, theme: state.theme)
            canvas.restyle(line, style: state.theme[index == 0 ? .selection : .overlay])
        }
    }
}
