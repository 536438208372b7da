/// The bottom line: the keys that matter in the current context, from the keymap.
struct FooterView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        var spans: [Span] = []
        for hint in state.keymap.hints(in: state.context) where state.viewerTitle == nil || !hint.action.isRequestSide {
            spans.append(Span(" " + hint.keys, .footerKey))
            spans.append(Span(" " + Self.label(hint.action) + " ", .footerText))
        }
        canvas.put(spans, in: rect, row: 0, theme: state.theme)
        canvas.restyle(Rect(x: rect.x + Self.columns(spans), y: rect.y, width: max(0, rect.width - Self.columns(spans)), height: 1),
                       style: state.theme[.footerText])
    }

    /// A short word for the footer.
    static func label(_ action: Action) -> String {
        switch action {
        case .send: "send"
        case .help: "help"
        case .nextPane: "pane"
        case .quit: "quit"
        case .edit: "edit"
        case .nextTab: "tab"
        case .down: "scroll"
        case .toggleRow: "toggle"
        case .toggleWrap: "wrap"
        case .commit: "done"
        case .openEditor: "$EDITOR"
        case .expandNode: "expand"
        case .collapseNode: "collapse"
        default: action.rawValue
        }
    }

    private static func columns(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + CharacterWidth.of($1.text) } }
}
