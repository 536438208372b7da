/// The Multipart tab: one part a row in `-F` syntax, and the exact Content-Length of the body they make.
struct MultipartView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let (list, footer) = rect.splitBottom(1)
        let summary = state.editor.multipartSummary(in: state.collection)
        canvas.put([Span(summary, summary.hasPrefix("✗") ? .error : .muted)], in: footer, row: 0, theme: theme)
        guard !state.editor.parts.isEmpty else {
            canvas.put(
                [Span("(no parts: a adds one, as name=value or name=@path;type=mime;filename=name)", .muted)], in: list, row: 0,
                theme: theme)
            return
        }
        EditableRowList(
            count: state.editor.parts.count, selection: state.editor.partSelection, focused: state.focus == .request,
            editing: state.editor.lineEdit?.row(LineEdit.Target.part),
            lead: { state.editor.parts[$0].enabled ? "[x] " : "[ ] " }, enabled: { state.editor.parts[$0].enabled }
        ) { index in
            let part = state.editor.parts[index]
            return [Span(part.line.contains("=@") ? "file " : "text ", .muted), Span(part.line, part.enabled ? .base : .disabled)]
        }.render(in: list, canvas: &canvas, theme: theme)
    }
}
