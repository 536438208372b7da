/// The gRPC names offered at a cursor (methods under the URL, fields under the messages' cursor),
/// listed below it, or above it when there is no room; the `complete` key takes the first.
struct GRPCCompletionView {
    /// The most names listed.
    static let rows = 8

    func render(_ names: [String], under cursor: (x: Int, y: Int), in bounds: Rect, state: AppState, canvas: inout Canvas) {
        guard !names.isEmpty else { return }
        let hint = state.keymap.bindings.first { $0.action == .complete }.map { " " + $0.key.spec + " " } ?? ""
        let labels = names.prefix(Self.rows).enumerated().map { " " + $1 + ($0 == 0 ? hint : " ") }
        let x = max(bounds.x, min(cursor.x, bounds.maxX - (labels.map { CharacterWidth.of($0) }.max() ?? 0)))
        let width = min(bounds.maxX - x, labels.map { CharacterWidth.of($0) }.max() ?? 0)
        guard width > 2 else { return }
        let below = bounds.maxY - cursor.y - 1
        let top = below >= labels.count ? cursor.y + 1 : max(bounds.y, cursor.y - labels.count)
        for (index, label) in labels.enumerated() where top + index < bounds.maxY {
            let line = Rect(x: x, y: top + index, width: width, height: 1)
            canvas.put([Span(label, index == 0 ? .selection : .overlay)], in: line, row: 0, theme: state.theme)
            canvas.restyle(line, style: state.theme[index == 0 ? .selection : .overlay])
        }
    }
}
