/// An `InputForm` over the screen: its fields one a row, the selected one with the cursor, then its problem.
struct InputFormOverlay {
    func render(_ state: AppState, in bounds: Rect, canvas: inout Canvas) {
        guard let form = state.overlays.form else { return }
        let rect = bounds.centered(width: min(bounds.width, 90), height: min(bounds.height, form.fields.count + 4))
        canvas.openOverlay(rect, in: bounds, theme: state.theme)
        Frame(tabs: [form.title], active: 0, focused: true, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        let labelWidth = (form.fields.map(\.label.count).max() ?? 0) + 2
        let fieldWidth = max(4, min(24, inner.width - labelWidth - 2))
        canvas.cursor = nil
        for (row, field) in form.fields.enumerated() {
            let isSelected = row == form.selection
            let visible = field.value.visible(width: fieldWidth)
            let shown = visible.text.padding(toLength: fieldWidth, withPad: " ", startingAt: 0)
            canvas.put(
                [
                    Span(field.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0), isSelected ? .accent : .muted),
                    Span(shown, isSelected ? .selection : .base), Span("  " + field.hint, .muted),
                ], in: inner, row: row, theme: state.theme, ellipsis: true)
            if isSelected { canvas.cursor = (inner.x + labelWidth + visible.cursorColumn, inner.y + row) }
        }
        if let problem = form.problem {
            canvas.put([Span("✗ " + problem, .error)], in: inner, row: form.fields.count + 1, theme: state.theme)
        }
    }
}
