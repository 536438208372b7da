/// The Multipart tab: one part a row in `-F` syntax, and the exact Content-Length of the body they make.
struct MultipartView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let (list, footer) = rect.splitBottom(1)
        let summary = state.multipartSummary
        canvas.put([Span(summary, summary.hasPrefix("✗") ? .error : .muted)], in: footer, row: 0, theme: theme)
        guard !state.parts.isEmpty else {
            canvas.put([Span("(no parts: a adds one, as name=value or name=@path;type=mime;filename=name)", .muted)], in: list, row: 0, theme: theme)
            return
        }
        let first = RequestPaneView.firstVisible(selected: state.partSelection, count: state.parts.count, height: list.height)
        for (row, index) in (first..<min(state.parts.count, first + list.height)).enumerated() {
            let part = state.parts[index]
            let check = part.enabled ? "[x] " : "[ ] "
            if case .part(index)? = state.lineEdit?.target, let edit = state.lineEdit {
                let visible = edit.field.visible(width: list.width - check.count)
                canvas.put([Span(check, .muted), Span(visible.text)], in: list, row: row, theme: theme)
                canvas.cursor = (list.x + check.count + visible.cursorColumn, list.y + row)
                continue
            }
            let kind = part.line.contains("=@") ? "file " : "text "
            canvas.put([Span(check, part.enabled ? .base : .disabled), Span(kind, .muted), Span(part.line, part.enabled ? .base : .disabled)],
                       in: list, row: row, theme: theme)
            if state.focus == .request, index == state.partSelection {
                canvas.restyle(Rect(x: list.x, y: list.y + row, width: list.width, height: 1), style: theme[.selection])
            }
        }
    }
}
