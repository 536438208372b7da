/// The bottom line: the keys that matter now, from the keymap: an open overlay's own keys, else
/// those of the current context.
struct FooterView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        var spans: [Span] = []
        let hints = Self.overlayHints(state) ?? Self.webSocketHints(state) + Self.roomHints(state).map { ($0.keys, Self.label($0.action)) }
        for hint in hints {
            spans.append(Span(" " + hint.keys, .footerKey))
            spans.append(Span(" " + hint.label + " ", .footerText))
        }
        canvas.put(spans, in: rect, row: 0, theme: state.theme, ellipsis: true)
        canvas.restyle(
            Rect(x: rect.x + Self.columns(spans), y: rect.y, width: max(0, rect.width - Self.columns(spans)), height: 1),
            style: state.theme[.footerText])
    }

    /// The keymap's hints for the room with the focus, less those that would do nothing there now.
    static func roomHints(_ state: AppState) -> [(keys: String, action: Action)] {
        state.keymap.hints(in: state.context).filter { hint in
            (state.viewerTitle == nil || !hint.action.isRequestSide) && state.actsInFocusedTab(hint.action)
                && doesSomething(hint.action, in: state)
        }
    }

    /// False for a hinted action the focused room has nothing to apply to: no tabs, one row, no toggle.
    private static func doesSomething(_ action: Action, in state: AppState) -> Bool {
        let editor = state.editor
        let tree = state.exchange.summary?.tree
        switch (action, state.focus) {
        case (.nextTab, .sidebar): return false
        case (.down, .sidebar): return (state.collection.sidebar?.rows.count ?? 0) > 1
        case (.down, .request):
            switch editor.tab {
            case .headers: return editor.headers.count > 1
            case .params: return editor.params.rows.count > 1
            case .multipart: return editor.parts.count > 1
            case .expect: return editor.checks.count > 1
            case .auth: return AuthField.fields(of: editor.auth).count > 1
            case .options, .scripts: return true
            case .body: return false
            }
        case (.down, .response):
            switch state.response.tab {
            case .tree: return (tree?.rows.count ?? 0) > 1
            case .events: return state.events.count > 1
            default: return ResponsePaneView.maxScroll(state) > 0
            }
        case (.toggleRow, .request):
            switch editor.tab {
            case .headers: return !editor.headers.isEmpty
            case .params: return !editor.params.rows.isEmpty
            case .multipart: return !editor.parts.isEmpty
            case .options: return !editor.optionSelection.isText
            default: return false
            }
        case (.expandNode, _):
            return tree.map {
                $0.rows.indices.contains($0.selection) && $0.rows[$0.selection].childCount > 0 && !$0.isExpanded($0.selection)
            }
                ?? false
        case (.collapseNode, _): return tree.map { $0.rows.count > 1 || $0.isExpanded($0.selection) } ?? false
        case (.showLastRecorded, _): return state.collection.lastRecorded != nil && state.exchange == .idle
        default: return true
        }
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
        case .showLastRecorded: "last response"
        default: action.rawValue
        }
    }

    private static func columns(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + CharacterWidth.of($1.text) } }
}
