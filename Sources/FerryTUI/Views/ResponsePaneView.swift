import FerryCore

/// The response tabs: Tree, Raw, Headers, Errors and Timeline, each a scrolling list of lines.
struct ResponsePaneView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        Frame(
            tabs: state.responseTabs.map(\.rawValue), active: state.responseTabs.firstIndex(of: state.response.tab) ?? 0,
            focused: state.focus == .response, number: state.viewerTitle == nil ? 4 : nil
        )
        .render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        let lines = ResponseContent.lines(for: state.response.tab, state: state, width: inner.width)
        let tree = state.response.tab == .tree ? state.exchange.summary?.tree : nil
        let offset = tree.map { max(0, $0.selection - inner.height + 1) } ?? state.response.scroll[state.response.tab] ?? 0
        let first = Self.clampedScroll(offset, lines: lines.count, height: inner.height)
        for row in 0..<inner.height {
            canvas.put(first + row < lines.count ? lines.line(first + row) : [], in: inner, row: row, theme: state.theme, ellipsis: true)
        }
        if let path = tree?.selectedPath, rect.height > 1 {
            canvas.put(
                " " + TerminalSafeText.escaping(path) + " ", x: rect.x + 2, y: rect.maxY - 1, style: state.theme[.accent],
                maxX: rect.maxX - 1)
        }
        PromptLineView().render(state, in: inner, canvas: &canvas)
        if lines.count > inner.height, inner.height > 0 {
            let label = " \(first + 1)-\(min(lines.count, first + inner.height))/\(lines.count) " + (state.response.wrap ? "wrap " : "")
            canvas.put(label, x: rect.maxX - 1 - CharacterWidth.of(label), y: rect.maxY - 1, style: state.theme[.muted])
        }
    }

    /// The first line shown: the scroll offset, kept so the last page stays full.
    static func clampedScroll(_ offset: Int, lines: Int, height: Int) -> Int {
        max(0, min(offset, lines - height))
    }

    /// How far the current tab can scroll in `state`.
    static func maxScroll(_ state: AppState) -> Int {
        let inner = state.layout.responseBody
        let count = ResponseContent.lines(for: state.response.tab, state: state, width: inner.width).count
        return max(0, count - inner.height)
    }
}
