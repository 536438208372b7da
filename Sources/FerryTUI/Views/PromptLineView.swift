/// The Tree and Hex tabs' prompt (search, path, offset), drawn over the pane's last row, with the cursor.
struct PromptLineView {
    func render(_ state: AppState, in inner: Rect, canvas: inout Canvas) {
        guard let prompt = state.response.views.prompt, inner.height > 0, !state.overlays.showHelp else { return }
        let search = prompt.kind.isSearch ? state.response.views.search.map { "  " + $0.counter } ?? "" : ""
        let labelWidth = CharacterWidth.of(prompt.kind.label)
        let fieldWidth = max(1, inner.width - labelWidth - CharacterWidth.of(search))
        let visible = prompt.field.visible(width: fieldWidth)
        let row = inner.height - 1
        canvas.put([Span(prompt.kind.label, .accent), Span(visible.text), Span(search, .muted)], in: inner, row: row, theme: state.theme)
        canvas.cursor = (inner.x + labelWidth + visible.cursorColumn, inner.y + row)
    }
}
