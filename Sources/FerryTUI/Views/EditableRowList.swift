/// The rows of a request tab (headers, parameters, parts): each a lead (check box, indentation) and
/// its content, the row being edited shown as its text field, the selection highlighted when focused.
struct EditableRowList {
    var count: Int
    var selection: Int
    var focused: Bool
    /// The row being edited and its field.
    var editing: (index: Int, field: TextField)?
    var lead: (Int) -> String
    var enabled: (Int) -> Bool
    var content: (Int) -> [Span]

    /// The first row shown; a row edit places the cursor.
    @discardableResult
    func render(in rect: Rect, canvas: inout Canvas, theme: Theme) -> Int {
        let first = RequestPaneView.firstVisible(selected: selection, count: count, height: rect.height)
        for (row, index) in (first..<min(count, first + rect.height)).enumerated() {
            let lead = lead(index)
            if let editing, editing.index == index {
                let visible = editing.field.visible(width: rect.width - CharacterWidth.of(lead))
                canvas.put([Span(lead, .muted), Span(visible.text)], in: rect, row: row, theme: theme)
                canvas.cursor = (rect.x + CharacterWidth.of(lead) + visible.cursorColumn, rect.y + row)
                continue
            }
            canvas.put([Span(lead, enabled(index) ? .base : .disabled)] + content(index), in: rect, row: row, theme: theme, ellipsis: true)
            if focused, index == selection {
                canvas.restyle(Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: theme[.selection])
            }
        }
        return first
    }
}
