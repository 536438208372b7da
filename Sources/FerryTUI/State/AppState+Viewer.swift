extension AppState {
    /// A state browsing a local file's body (`ferry view`): the response tabs that apply, no request.
    public static func viewer(
        _ summary: ResponseSummary, title: String, width: Int, height: Int,
        keymap: Keymap = .default, theme: Theme = .fallback
    ) -> AppState {
        var state = AppState(width: width, height: height, keymap: keymap, theme: theme)
        state.viewerTitle = title
        state.focus = .response
        state.present(summary)
        state.response.tab = summary.tree.document == nil ? .raw : .tree
        return state
    }

    /// Selects the node at `path` in the Tree (`ferry view --path`), expanding its ancestors; a notice says why when there is none.
    public mutating func reveal(path: String) {
        response.reveal(path: path, shell: &shell)
    }

    /// The response tabs shown: all of them, or for a viewed file those that apply to it.
    /// The Events tab only when the response is a stream or a WebSocket.
    public var responseTabs: [ResponseTab] {
        guard viewerTitle == nil else { return [.tree, .raw, .hex, .errors] }
        return !events.isShown ? ResponseTab.allCases.filter { $0 != .events } : ResponseTab.allCases
    }
}

extension Action {
    /// Actions about the request, which a file viewer has none of.
    var isRequestSide: Bool {
        switch self {
        case .send, .nextPane, .previousPane, .focusMethod, .focusURL, .focusRequest, .nextExample, .previousExample: true
        default: false
        }
    }
}
