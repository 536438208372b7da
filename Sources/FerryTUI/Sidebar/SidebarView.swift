/// The collection tree in its frame: the filter, folders and requests (method, title), broken files
/// marked `✗`, the open file marked `●` when it has unsaved edits, and the environment at the bottom.
struct SidebarView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        guard let sidebar = state.sidebar, rect.width > 4, rect.height > 3 else { return }
        let focused = state.focus == .sidebar
        Frame(tabs: ["Collection"], active: 0, focused: focused, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        var inner = rect.inset(by: 1)
        if sidebar.isFiltering || !sidebar.filter.text.isEmpty {
            let visible = sidebar.filter.visible(width: inner.width - 2)
            canvas.put([Span("/ ", .accent), Span(visible.text)], in: inner, row: 0, theme: state.theme)
            if sidebar.isFiltering, focused, state.pathPrompt == nil { canvas.cursor = (inner.x + 2 + visible.cursorColumn, inner.y) }
            inner = inner.splitTop(1).1
        }
        let (list, footer) = inner.splitBottom(1)
        canvas.put([Span(" env ", .muted), Span(state.environment ?? "none", .accent), Span(" (F4)", .muted)], in: footer, row: 0, theme: state.theme)
        let rows = sidebar.rows
        guard !rows.isEmpty else {
            canvas.putLine(sidebar.items.isEmpty ? " no requests yet" : " nothing matches", in: list, style: state.theme[.muted])
            return
        }
        let top = max(0, min(sidebar.selection - list.height + 1, rows.count - list.height))
        for (line, row) in rows.dropFirst(top).prefix(list.height).enumerated() {
            canvas.put(spans(for: row, in: state), in: list, row: line, theme: state.theme)
            if top + line == sidebar.selection {
                canvas.restyle(Rect(x: list.x, y: list.y + line, width: list.width, height: 1),
                               style: state.theme[focused ? .selection : .tabInactive])
            }
        }
    }

    private func spans(for row: Sidebar.Row, in state: AppState) -> [Span] {
        switch row {
        case .folder(let folder, let depth):
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let open = state.sidebar!.collapsed.contains(folder) && state.sidebar!.filter.text.isEmpty ? "▸ " : "▾ "
            return [Span(String(repeating: "  ", count: depth) + open + name + "/", .muted)]
        case .item(let index, let depth):
            let item = state.sidebar!.items[index]
            let indent = Span(String(repeating: "  ", count: depth))
            guard let request = item.request else { return [indent, Span("✗ " + item.title, .error)] }
            let isOpen = state.openRequest?.path == item.path
            let marker = isOpen && state.hasUnsavedEdits ? Span("●", .accent) : Span(" ")
            let method = request.method.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return [indent, marker, Span(method, .method), Span(item.title, isOpen ? .accent : .base)]
        }
    }
}
