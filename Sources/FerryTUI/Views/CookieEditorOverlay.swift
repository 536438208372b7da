import FerryCore

/// The cookie editor (F6) over the screen: the jar's cookies, the selected one marked, and the line
/// being edited with its problem at the bottom.
struct CookieEditorOverlay {
    /// Where the cookie editor goes in `area`.
    static func box(in area: Rect) -> Rect {
        area.centered(width: min(max(80, area.width * 9 / 10), area.width), height: max(5, area.height - 4))
    }

    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        guard let editor = state.overlays.cookies else { return }
        let theme = state.theme
        // The status line stays visible below it: it says where each change was written.
        let box = Self.box(in: screen)
        canvas.openOverlay(box, in: screen, theme: theme)
        let title = "Cookies: \(editor.cookies.count), Enter edit, a add, d delete, Esc closes"
        Frame(tabs: [title], active: 0, focused: true, number: nil).render(in: box, canvas: &canvas, theme: theme)
        let frame = box.inset(by: 1)
        canvas.put([Span(TerminalSafeText.escaping(editor.path), .muted)], in: frame, row: 0, theme: theme)
        let inner = Rect(x: frame.x, y: frame.y + 1, width: frame.width, height: max(1, frame.height - 1))
        let reserved = editor.field == nil ? 0 : (editor.problem == nil ? 1 : 2)
        let listHeight = max(1, inner.height - reserved)
        let first = max(0, min(editor.selection - listHeight + 1, editor.cookies.count - listHeight))
        if editor.cookies.isEmpty {
            canvas.put([Span("(no cookies: a adds one)", .muted)], in: inner, row: 0, theme: theme)
        }
        for row in 0..<listHeight where first + row < editor.cookies.count {
            let index = first + row
            let text = TerminalSafeText.escaping(editor.cookies[index].summary)
            canvas.put(
                [Span(index == editor.selection ? "› " + text : "  " + text, index == editor.selection ? .selection : .base)],
                in: inner, row: row, theme: theme, ellipsis: true)
        }
        guard let field = editor.field else { return }
        if let problem = editor.problem {
            canvas.put([Span(" ✗ " + TerminalSafeText.escaping(problem), .error)], in: inner, row: inner.height - 2, theme: theme)
        }
        let label = editor.fieldLabel
        let visible = field.visible(width: max(1, inner.width - CharacterWidth.of(label) - 1))
        canvas.put([Span(label, .accent), Span(TerminalSafeText.escaping(visible.text))], in: inner, row: inner.height - 1, theme: theme)
        canvas.cursor = (inner.x + CharacterWidth.of(label) + visible.cursorColumn, inner.y + inner.height - 1)
    }
}
