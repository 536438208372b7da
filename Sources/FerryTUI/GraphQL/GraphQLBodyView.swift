/// The Body tab of a GraphQL body: the query on the left and the variables (JSON) on the right,
/// each with its heading; the schema's state on the last row; and, while the query is edited, the
/// field names valid at its cursor under the cursor (the `complete` key takes the first).
struct GraphQLBodyView {
    /// The most field names listed under the cursor.
    static let completionRows = 8

    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        guard let graphQL = state.editor.graphQL else { return }
        let theme = state.theme
        let (body, status) = rect.splitBottom(1)
        let (left, rest) = body.splitLeft(max(1, body.width * 3 / 5))
        let (divider, right) = rest.splitLeft(1)
        for row in 0..<divider.height { canvas.put([Span("│", .border)], in: divider, row: row, theme: theme) }
        let editing = state.editor.isEditingBody
        let (queryHead, queryText) = left.splitTop(1)
        let (variablesHead, variablesText) = right.splitTop(1)
        canvas.put(
            [Span(" Query", editing && !graphQL.editsVariables ? .accent : .muted), Span(editing ? "" : "  Enter edits", .muted)],
            in: queryHead, row: 0, theme: theme)
        canvas.put(
            [Span(" Variables", editing && graphQL.editsVariables ? .accent : .muted), Span(editing ? "" : "  v edits", .muted)],
            in: variablesHead, row: 0, theme: theme)
        RequestPaneView.renderText(
            graphQL.variables, editing: editing && graphQL.editsVariables, in: variablesText.splitLeft(1).1, canvas: &canvas, theme: theme)
        RequestPaneView.renderText(
            state.editor.body, editing: editing && !graphQL.editsVariables, in: queryText.splitLeft(1).1, canvas: &canvas, theme: theme)
        let schemaLine =
            graphQL.schema.map { "schema: \($0.ownTypes.count) types (S fetches it again)" }
            ?? "no schema yet: S fetches it, Ctrl-N reads the cached one"
        if case .graphQLOperation? = state.editor.lineEdit?.target, let edit = state.editor.lineEdit {
            let label = " operation: "
            let visible = edit.field.visible(width: status.width - label.count)
            canvas.put([Span(label, .accent), Span(visible.text)], in: status, row: 0, theme: theme)
            canvas.cursor = (status.x + label.count + visible.cursorColumn, status.y)
        } else {
            let operation = graphQL.operationName.map { "operation \($0)" } ?? "no operation name"
            let method = graphQL.usesGET ? "sent as GET" : "sent as a JSON POST"
            canvas.put([Span(" \(operation) (O) · \(method) (U) · \(schemaLine)", .muted)], in: status, row: 0, theme: theme)
        }
        if editing, !graphQL.editsVariables, let cursor = canvas.cursor {
            renderCompletions(state, under: cursor, in: queryText, canvas: &canvas)
        }
    }

    private func renderCompletions(_ state: AppState, under cursor: (x: Int, y: Int), in rect: Rect, canvas: inout Canvas) {
        let fields = (state.context == .body ? state.editor.graphQLCompletions : []).prefix(Self.completionRows)
        guard !fields.isEmpty else { return }
        let labels = fields.map { " \($0.name): \($0.type) " }
        let width = min(rect.maxX - cursor.x, (labels.map { CharacterWidth.of($0) }.max() ?? 0))
        guard width > 2 else { return }
        let below = rect.maxY - cursor.y - 1
        let top = below >= labels.count ? cursor.y + 1 : max(rect.y, cursor.y - labels.count)
        for (index, label) in labels.enumerated() where top + index < rect.maxY {
            let line = Rect(x: cursor.x, y: top + index, width: width, height: 1)
            canvas.put([Span(label, index == 0 ? .selection : .overlay)], in: line, row: 0, theme: state.theme)
            canvas.restyle(line, style: state.theme[index == 0 ? .selection : .overlay])
        }
    }
}
