/// The collection tree in its frame: the filter, folders and requests (method, title), broken files
/// marked `✗`, the open file marked `●` when it has unsaved edits, and the environment at the bottom.
struct SidebarView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        guard let sidebar = state.collection.sidebar, rect.width > 4, rect.height > 3 else { return }
        let focused = state.focus == .sidebar
        Frame(tabs: ["Collection"], active: 0, focused: focused, number: nil).render(in: rect, canvas: &canvas, theme: state.theme)
        let inner = rect.inset(by: 1)
        if Self.showsFilter(sidebar) {
            let visible = sidebar.filter.visible(width: inner.width - 2)
            canvas.put([Span("/ ", .accent), Span(visible.text)], in: inner, row: 0, theme: state.theme)
            if sidebar.isFiltering, focused, state.collection.pathPrompt == nil {
                canvas.cursor = (inner.x + 2 + visible.cursorColumn, inner.y)
            }
        }
        let list = Self.list(sidebar, in: rect)
        let footer = Rect(x: inner.x, y: list.maxY, width: inner.width, height: 1)
        canvas.put(
            [Span(" env ", .muted), Span(state.collection.environment ?? "none", .accent), Span(" (F4)", .muted)], in: footer, row: 0,
            theme: state.theme)
        let rows = sidebar.rows
        guard !rows.isEmpty else {
            let empty = !sidebar.isLoaded ? " reading the collection…" : sidebar.items.isEmpty ? " no requests yet" : " nothing matches"
            canvas.putLine(empty, in: list, style: state.theme[.muted])
            return
        }
        let top = sidebar.firstShown(rows: list.height)
        for (line, row) in rows.dropFirst(top).prefix(list.height).enumerated() {
            canvas.put(spans(for: row, in: state), in: list, row: line, theme: state.theme, ellipsis: true)
            if top + line == sidebar.selection {
                canvas.restyle(
                    Rect(x: list.x, y: list.y + line, width: list.width, height: 1),
                    style: state.theme[focused ? .selection : .tabInactive])
            }
        }
    }

    private static func showsFilter(_ sidebar: Sidebar) -> Bool { sidebar.isFiltering || !sidebar.filter.text.isEmpty }

    /// Where the tree's rows go in the sidebar's `rect`: inside the frame, below the filter, above the environment.
    static func list(_ sidebar: Sidebar, in rect: Rect) -> Rect {
        var inner = rect.inset(by: 1)
        if showsFilter(sidebar) { inner = inner.splitTop(1).1 }
        return inner.splitBottom(1).0
    }

    private func spans(for row: Sidebar.Row, in state: AppState) -> [Span] {
        switch row {
        case .folder(let folder, let depth):
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let open = state.collection.sidebar!.collapsed.contains(folder) && state.collection.sidebar!.filter.text.isEmpty ? "▸ " : "▾ "
            return [Span(String(repeating: "  ", count: depth) + open + name + "/", .muted)]
        case .item(let index, let depth):
            let item = state.collection.sidebar!.items[index]
            let indent = Span(String(repeating: "  ", count: depth))
            guard let request = item.request else { return [indent, Span("✗ " + item.title, .error)] }
            let isOpen = state.collection.openRequest?.path == item.path
            let marker = isOpen && state.hasUnsavedEdits ? Span("●", .accent) : Span(" ")
            let method = request.description.sentMethod.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return [indent, marker, Span(method, .method), Span(item.title, isOpen ? .accent : .base)]
        }
    }
}
