/// Draws the whole screen for a state: the pure view function the runtime paints.
public enum Screen {
    public static func render(_ state: AppState) -> Canvas {
        var canvas = Canvas(width: state.width, height: state.height, style: state.theme[.base])
        guard !state.isTooSmall else {
            let message = [
                "Ferry needs a terminal of at least \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight);",
                "this one is \(state.width)×\(state.height). Enlarge it, or press Ctrl-C to quit.",
            ]
            for (row, line) in message.enumerated() {
                let rect = canvas.bounds.centered(width: canvas.width, height: message.count)
                canvas.put([Span(line, .error)], in: rect, row: row, theme: state.theme)
            }
            return canvas
        }
        let layout = state.layout
        if state.isSidebarShown { SidebarView().render(state, in: layout.sidebar, canvas: &canvas) }
        if state.viewerTitle == nil {
            RequestLineView().render(state, in: layout.requestLine, canvas: &canvas)
            if layout.requestPane.height > 0 { RequestPaneView().render(state, in: layout.requestPane, canvas: &canvas) }
            if state.focus == .url, state.context == .line, let cursor = canvas.cursor {
                let below = Rect(
                    x: layout.requestLine.x, y: layout.requestLine.y, width: layout.requestLine.width,
                    height: layout.requestLine.height + layout.requestPane.height)
                GRPCCompletionView().render(state.editor.grpcMethodCompletions, under: cursor, in: below, state: state, canvas: &canvas)
            }
        } else {
            ViewerTitleView().render(state, in: layout.requestLine, canvas: &canvas)
        }
        if layout.responsePane.height > 0 { ResponsePaneView().render(state, in: layout.responsePane, canvas: &canvas) }
        StatusLineView().render(state, in: layout.statusLine, canvas: &canvas)
        if let prompt = state.collection.pathPrompt {
            let label = prompt.label
            let visible = prompt.field.visible(width: max(1, layout.statusLine.width - CharacterWidth.of(label) - 1))
            canvas.put([Span(label, .accent), Span(visible.text)], in: layout.statusLine, row: 0, theme: state.theme)
            canvas.cursor = (layout.statusLine.x + CharacterWidth.of(label) + visible.cursorColumn, layout.statusLine.y)
        }
        FooterView().render(state, in: layout.footer, canvas: &canvas)
        let overlayArea = state.overlayArea
        if state.overlays.showHelp {
            canvas.cursor = nil
            HelpOverlay().render(state, in: overlayArea, canvas: &canvas)
        }
        PaletteOverlay().render(state, in: overlayArea, canvas: &canvas)
        HistoryOverlay().render(state, in: overlayArea, canvas: &canvas)
        LoadOverlay().render(state, in: overlayArea, canvas: &canvas)
        MockOverlay().render(state, in: overlayArea, canvas: &canvas)
        InputFormOverlay().render(state, in: overlayArea, canvas: &canvas)
        if state.overlays.sheet != nil {
            canvas.cursor = nil
            SheetOverlay().render(state, in: overlayArea, canvas: &canvas)
        }
        if state.overlays.cookies != nil {
            canvas.cursor = nil
            CookieEditorOverlay().render(state, in: overlayArea, canvas: &canvas)
        }
        return canvas
    }
}
