/// The Params tab: the parameter tree, indented by depth, a one-line preview of what it encodes to,
/// and the encoding options on the pane's bottom border.
struct ParamsView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let (list, footer) = rect.splitBottom(1)
        let params = state.editor.params
        let options =
            " \(params.placement.rawValue) (u) · \(params.arrayStyle.rawValue) arrays (s) · \(params.keepsKeyOrder ? "keys as given" : "keys sorted") (o) "
        canvas.put([Span(state.editor.paramsPreview, .muted)], in: footer, row: 0, theme: theme)
        canvas.put(options, x: footer.maxX - CharacterWidth.of(options), y: footer.maxY, style: theme[.muted], maxX: footer.maxX)
        guard !params.rows.isEmpty else {
            canvas.put([Span("(no parameters: a adds one, A a nested one, > and < nest)", .muted)], in: list, row: 0, theme: theme)
            return
        }
        EditableRowList(
            count: params.rows.count, selection: params.selection, focused: state.focus == .request,
            editing: state.editor.lineEdit?.row(LineEdit.Target.param),
            lead: { String(repeating: "  ", count: params.rows[$0].depth) + (params.rows[$0].enabled ? "[x] " : "[ ] ") },
            enabled: { params.rows[$0].enabled }
        ) { Self.content($0, of: params) }
        .render(in: list, canvas: &canvas, theme: theme)
    }

    /// A row's key and value: `key = value`, `key {n}` for an object, `key [n]` for an array, `- value` for an array item.
    private static func content(_ index: Int, of params: ParamTree) -> [Span] {
        let item = params.rows[index]
        let keyRole: Theme.Role = item.enabled ? .accent : .disabled
        let valueRole: Theme.Role = item.enabled ? .base : .disabled
        let key = item.key.isEmpty ? [Span("-", .muted)] : [Span(item.key, keyRole)]
        guard params.isParent(index) else { return key + [Span(item.key.isEmpty ? " " : " = ", .muted), Span(item.value, valueRole)] }
        let count = params.children(of: index).count
        return key + [Span(params.isArray(index) ? " [\(count)]" : " {\(count)}", .muted)]
    }

    /// The first row shown so that the selection is visible.
    static func firstVisible(_ params: ParamTree, height: Int) -> Int {
        RequestPaneView.firstVisible(selected: params.selection, count: params.rows.count, height: height - 1)
    }
}
