import FerryCore

/// The Auth tab: the type selector and the chosen scheme's fields, secrets masked, the field being
/// edited with its cursor; a line under them says how OAuth 2.0 tokens are had.
struct AuthView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let credentials = state.editor.auth
        let fields = AuthField.fields(of: credentials)
        let labelWidth = (fields.map(\.label.count).max() ?? 0) + 2
        let selection = min(state.editor.authSelection, fields.count - 1)
        let first = RequestPaneView.firstVisible(selected: selection, count: fields.count, height: max(1, rect.height - 1))
        for (line, field) in fields.enumerated().dropFirst(first).prefix(max(1, rect.height - 1)).map({ ($0.offset - first, $0.element) }) {
            let label = Span(field.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent)
            if case .auth(field)? = state.editor.lineEdit?.target, let edit = state.editor.lineEdit {
                let visible = edit.field.visible(width: rect.width - labelWidth)
                let text = field.isSecret ? String(repeating: "•", count: visible.text.count) : visible.text
                canvas.put([label, Span(text)], in: rect, row: line, theme: theme)
                canvas.cursor = (rect.x + labelWidth + visible.cursorColumn, rect.y + line)
                continue
            }
            let value = field.shown(in: credentials)
            let shown = field.isChoice ? Span("‹ \(value) ›") : value.isEmpty ? Span(field.emptyText, .muted) : Span(value)
            canvas.put([label, shown], in: rect, row: line, theme: theme)
            if state.focus == .request, field == fields[selection] {
                canvas.restyle(Rect(x: rect.x, y: rect.y + line, width: rect.width, height: 1), style: theme[.selection])
            }
        }
        if rect.height > 1 {
            canvas.put([Span(Self.hint(credentials, keymap: state.keymap), .muted)], in: rect, row: rect.height - 1, theme: theme)
        }
    }

    /// What the keys do here, and for OAuth 2.0 how the token is had.
    static func hint(_ credentials: Authentication?, keymap: Keymap) -> String {
        func key(_ action: Action) -> String { keymap.bindings.first { $0.action == action }?.key.spec ?? "?" }
        switch credentials {
        case .oauth2?:
            return "\(key(.getToken)) gets a token, \(key(.refreshToken)) renews it; sending gets one when none is cached (per environment)"
        case nil:
            return "Enter chooses the type; {{variables}} work in every field"
        default:
            return "Enter edits a field or moves a choice on; {{variables}} work; secrets are masked"
        }
    }
}
