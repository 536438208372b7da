import FerryCore
import Foundation

/// The request tabs: Headers (an editable table), Body (a multi-line editor), Options.
struct RequestPaneView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        Frame(selecting: state.requestTab, focused: state.focus == .request, number: 3)
            .render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        canvas.fill(inner, style: state.theme[.base])
        switch state.requestTab {
        case .headers: renderHeaders(state, in: inner, canvas: &canvas)
        case .body: renderBody(state, in: inner, canvas: &canvas)
        case .options: renderOptions(state, in: inner, canvas: &canvas)
        case .auth: AuthView().render(state, in: inner, canvas: &canvas)
        case .params: ParamsView().render(state, in: inner, canvas: &canvas)
        case .multipart: MultipartView().render(state, in: inner, canvas: &canvas)
        case .expect: renderChecks(state, in: inner, canvas: &canvas)
        case .scripts: ScriptsView().render(state, in: inner, canvas: &canvas)
        }
        renderFile(state, in: rect, canvas: &canvas)
    }

    /// In a collection, the bottom border names the file Ctrl-S writes the request to, or says it has none yet.
    private func renderFile(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        guard state.collection.sidebar != nil, rect.height > 1 else { return }
        let label =
            state.collection.openRequest.map { " \(TerminalSafeText.escaping($0.path)) " }
            ?? " no file yet: \(state.keymap.keys(for: .save)) asks for a name "
        let role: Theme.Role = state.collection.openRequest == nil ? .muted : .accent
        canvas.put(label, x: rect.x + 2, y: rect.maxY - 1, style: state.theme[role], maxX: rect.maxX - 1)
    }

    /// The Expect tab: a row per assertion or capture, marked ✓/✗ by the last response's results.
    private func renderChecks(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        guard !state.editor.checks.isEmpty else {
            canvas.put(
                [
                    Span(
                        "(no checks: a adds one, e.g. status == 200, $.id exists, header ETag exists, capture token = $.json.token)", .muted
                    )
                ],
                in: rect, row: 0, theme: theme)
            return
        }
        var results: [String: Bool] = [:]
        if case .finished(let summary) = state.exchange, let checks = summary.checks {
            for result in checks.results { results[result.assertion.text] = result.passed }
            for variable in checks.captured { results[variable.name] = true }
        }
        let lines = state.editor.checks
        EditableRowList(
            count: lines.count, selection: state.editor.checkSelection, focused: state.focus == .request,
            editing: state.editor.lineEdit?.row(LineEdit.Target.check),
            lead: { index in
                let key = (try? CheckLine(parsing: lines[index])).map { line -> String in
                    if case .capture(let capture) = line { return capture.name }
                    return line.text
                }
                return key.flatMap { results[$0] }.map { $0 ? "✓ " : "✗ " } ?? "  "
            }, enabled: { _ in true }
        ) { index in
            [Span(lines[index], lines[index].hasPrefix("capture ") ? .accent : .base)]
        }.render(in: rect, canvas: &canvas, theme: theme)
    }

    private func renderHeaders(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        var rect = rect
        let inherited = state.editor.inheritedHeadersSent
        if !inherited.isEmpty {
            let (list, footer) = rect.splitBottom(1)
            canvas.put(
                [Span("also sent, from the folder: " + inherited.map(\.line).joined(separator: " · "), .muted)], in: footer, row: 0,
                theme: theme)
            rect = list
        }
        guard !state.editor.headers.isEmpty else {
            canvas.put([Span("(no headers: a adds one)", .muted)], in: rect, row: 0, theme: theme)
            return
        }
        let first = EditableRowList(
            count: state.editor.headers.count, selection: state.editor.headerSelection, focused: state.focus == .request,
            editing: state.editor.lineEdit?.row(LineEdit.Target.header),
            lead: { state.editor.headers[$0].enabled ? "[x] " : "[ ] " }, enabled: { state.editor.headers[$0].enabled }
        ) { index in
            let header = state.editor.headers[index]
            return [
                Span(header.name + ":", header.enabled ? .accent : .disabled), Span(" " + header.value, header.enabled ? .base : .disabled),
            ]
        }.render(in: rect, canvas: &canvas, theme: theme)
        if case .header(let index)? = state.editor.lineEdit?.target {
            HeaderCompletionView().render(state, below: index - first, in: rect, canvas: &canvas)
        }
    }

    private func renderBody(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        if state.editor.graphQL != nil {
            GraphQLBodyView().render(state, in: rect, canvas: &canvas)
            return
        }
        let theme = state.theme
        var rect = rect
        if case .bodyFile? = state.editor.lineEdit?.target, let edit = state.editor.lineEdit {
            let label = "Body file: "
            let visible = edit.field.visible(width: rect.width - label.count)
            canvas.put([Span(label, .accent), Span(visible.text)], in: rect, row: 0, theme: theme)
            canvas.cursor = (rect.x + label.count + visible.cursorColumn, rect.y)
            rect = rect.splitTop(1).1
        } else if let line = state.editor.bodyFileLine {
            canvas.put([Span(line, .accent)], in: rect, row: 0, theme: theme)
            rect = rect.splitTop(1).1
        }
        if state.editor.body.isEmpty, !state.editor.isEditingBody {
            if state.editor.bodyFile == nil, state.editor.lineEdit == nil {
                canvas.put([Span("(empty body: Enter to type, e opens $EDITOR, f sends a file)", .muted)], in: rect, row: 0, theme: theme)
            }
            return
        }
        if let check = BodyCheck.line(state) {
            canvas.put([check], in: rect.splitBottom(1).1, row: 0, theme: theme)
            rect = rect.splitBottom(1).0
        }
        Self.renderText(state.editor.body, editing: state.editor.isEditingBody, in: rect, canvas: &canvas, theme: theme)
        if state.editor.isEditingBody, state.context == .body, let cursor = canvas.cursor {
            GRPCCompletionView().render(state.editor.grpcFieldCompletions, under: cursor, in: rect, state: state, canvas: &canvas)
        }
    }

    /// A multi-line text, scrolled to its current row; with the cursor on it while `editing`.
    static func renderText(_ text: TextArea, editing: Bool, in rect: Rect, canvas: inout Canvas, theme: Theme) {
        let lines = text.lines
        let first = firstVisible(selected: text.row, count: lines.count, height: rect.height)
        for (row, index) in (first..<min(lines.count, first + rect.height)).enumerated() {
            if editing, index == text.row {
                let visible = lines[index].visible(width: rect.width)
                canvas.put([Span(visible.text)], in: rect, row: row, theme: theme)
                canvas.cursor = (rect.x + visible.cursorColumn, rect.y + row)
            } else {
                canvas.put([Span(lines[index].text)], in: rect, row: row, theme: theme)
            }
        }
    }

    private func renderOptions(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let labelWidth = (OptionRow.allCases.map(\.label.count).max() ?? 0) + 2
        let first = Self.firstVisible(selected: state.editor.optionSelection.rawValue, count: OptionRow.allCases.count, height: rect.height)
        for row in OptionRow.allCases.dropFirst(first).prefix(rect.height) {
            let line = row.rawValue - first
            let label = row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            if case .option(row)? = state.editor.lineEdit?.target, let edit = state.editor.lineEdit {
                let visible = edit.field.visible(width: rect.width - labelWidth)
                canvas.put([Span(label, .accent), Span(visible.text)], in: rect, row: line, theme: theme)
                canvas.cursor = (rect.x + labelWidth + visible.cursorColumn, rect.y + line)
                continue
            }
            let value = row.value(in: state.editor, inheriting: state.inheritedConnection)
            canvas.put([Span(label, .accent), Span(value)], in: rect, row: line, theme: theme, ellipsis: true)
            if state.focus == .request, row == state.editor.optionSelection {
                canvas.restyle(Rect(x: rect.x, y: rect.y + line, width: rect.width, height: 1), style: theme[.selection])
            }
        }
    }

    /// The first row to show so that `selected` is visible.
    static func firstVisible(selected: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, selected - height + 1), count - height)
    }
}
