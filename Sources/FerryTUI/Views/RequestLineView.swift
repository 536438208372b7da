import Foundation

/// The top line: method selector, URL field and the send state.
struct RequestLineView {
    static let methodWidth = 10
    static let stateWidth = 14

    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let (methodRect, rest) = rect.splitLeft(Self.methodWidth)
        let (urlRect, stateRect) = rest.splitLeft(rest.width - Self.stateWidth)
        let methodStyle = state.focus == .method ? theme[.selection] : theme[.method]
        canvas.putLine(" \(state.editor.method.rawValue) ▾", in: methodRect, style: methodStyle)
        canvas.put("│", x: methodRect.maxX - 1, y: rect.y, style: theme[.border])

        let field = urlRect.splitLeft(urlRect.width - 1).0
        if state.editor.url.text.isEmpty, state.focus != .url {
            canvas.putLine(" type a URL (2 or Tab focuses it)", in: field, style: theme[.muted])
        } else {
            let visible = state.editor.url.visible(width: field.width - 1)
            canvas.putLine(" " + visible.text, in: field, style: theme[.base])
            if state.focus == .url, state.editor.lineEdit == nil, !state.overlays.showHelp {
                canvas.cursor = (field.x + 1 + visible.cursorColumn, rect.y)
            }
        }
        canvas.put("│", x: urlRect.maxX - 1, y: rect.y, style: theme[.border])
        if state.hasUnsavedEdits { canvas.put("●", x: urlRect.maxX - 2, y: rect.y, style: theme[.accent]) }
        canvas.putLine(sendState(state).text, in: stateRect, style: theme[sendState(state).role])
    }

    private func sendState(_ state: AppState) -> Span {
        switch state.exchange {
        case .idle: Span(" ⏎ send", .accent)
        case .sending(_, _, let elapsed): Span(" sending " + String(format: "%.1fs", elapsed), .progress)
        case .finished(let summary): Span(" → \(summary.status)", StatusLineView.statusRole(summary.status))
        case .failed: Span(" ✗ failed", .error)
        }
    }
}
