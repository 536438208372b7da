/// The bottom line: the keys that matter now, from the keymap: an open overlay's own keys, else
/// those of the current context.
struct FooterView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        var spans: [Span] = []
        let hints =
            Self.overlayHints(state) ?? Self.webSocketHints(state)
            + state.keymap.hints(in: state.context)
            .filter { state.viewerTitle == nil || !$0.action.isRequestSide }.map { (keys: $0.keys, label: Self.label($0.action)) }
        for hint in hints {
            spans.append(Span(" " + hint.keys, .footerKey))
            spans.append(Span(" " + hint.label + " ", .footerText))
        }
        canvas.put(spans, in: rect, row: 0, theme: state.theme)
        canvas.restyle(
            Rect(x: rect.x + Self.columns(spans), y: rect.y, width: max(0, rect.width - Self.columns(spans)), height: 1),
            style: state.theme[.footerText])
    }

    /// The keys of the overlay on top (help, palette, a sheet, the history pane), or nil when none is open.
    static func overlayHints(_ state: AppState) -> [(keys: String, label: String)]? {
        let actions: [(Action, String)]
        if state.overlays.showHelp {
            actions = [(.down, "scroll"), (.cancel, "close")]
        } else if state.overlays.palette != nil {
            return [("enter", "run"), ("up/down", "select"), (keys(.cancel, state), "close")]
        } else if state.overlays.sheet != nil {
            actions = [(.down, "scroll"), (.cancel, "close")]
        } else if state.history != nil {
            return [
                (keys(.edit, state), "show"), ("R", "replay"), (keys(.toggleRow, state), "mark"), ("D", "diff"),
                (keys(.search, state), "search"), (keys(.cancel, state), "close"),
            ]
        } else {
            return nil
        }
        return actions.map { (keys($0.0, state), $0.1) }
    }

    private static func keys(_ action: Action, _ state: AppState) -> String { state.keymap.keys(for: action) }

    /// The keys of the Events tab of an open WebSocket: compose and close, before the others.
    static func webSocketHints(_ state: AppState) -> [(keys: String, label: String)] {
        guard state.focus == .response, state.response.tab == .events, state.events.openWebSocketID != nil,
            state.response.views.prompt == nil
        else { return [] }
        return [(keys(.composeMessage, state), "compose"), (keys(.cancel, state), "close")]
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
