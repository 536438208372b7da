extension AppState {
    /// How many rows one wheel step scrolls.
    static let wheelStep = 3

    /// A click focuses the pane under it and selects the tab or row clicked; the wheel scrolls the pane under the pointer.
    mutating func handle(_ event: MouseEvent) -> [Effect] {
        guard !overlays.showHelp, overlays.palette == nil, overlays.sheet == nil, editor.lineEdit == nil, !isTooSmall,
            let pane = pane(at: event)
        else { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            guard pane == .request || pane == .response else { return [] }
            let focused = focus
            focus = pane
            for _ in 0..<Self.wheelStep { _ = perform(event.kind == .wheelUp ? .up : .down, in: .browse) }
            focus = focused
        case .press:
            if pane != .request { editor.isEditingBody = false }
            focus = pane
            let layout = self.layout
            if pane == .request { click(event, in: layout.requestPane) }
            if pane == .response { click(event, in: layout.responsePane) }
            if pane == .sidebar, let sidebar = collection.sidebar {
                let list = SidebarView.list(sidebar, in: layout.sidebar)
                let row = sidebar.firstShown(rows: list.height) + event.y - list.y
                if (list.y..<list.maxY).contains(event.y), sidebar.rows.indices.contains(row) { collection.sidebar!.selection = row }
            }
        }
        return []
    }

    /// The pane drawn under the event, nil for the status line and the footer.
    func pane(at event: MouseEvent) -> Pane? {
        let layout = self.layout
        if event.x < layout.sidebar.maxX, (layout.sidebar.y..<layout.sidebar.maxY).contains(event.y) { return .sidebar }
        if event.y == layout.requestLine.y { return event.x < layout.requestLine.x + RequestLineView.methodWidth ? .method : .url }
        if (layout.requestPane.y..<layout.requestPane.maxY).contains(event.y) { return .request }
        if (layout.responsePane.y..<layout.responsePane.maxY).contains(event.y) { return .response }
        return nil
    }

    /// A click in a tabbed pane: on the top border it picks a tab, inside it selects the row.
    private mutating func click(_ event: MouseEvent, in rect: Rect) {
        let inner = rect.inset(by: 1)
        if event.y == rect.y {
            if focus == .request, let index = Frame(selecting: requestTab, focused: true, number: 3).tab(atColumn: event.x, in: rect) {
                requestTab = RequestTab.allCases[index]
                editor.isEditingBody = false
            } else if focus == .response,
                let index = Frame(selecting: response.tab, focused: true, number: 4).tab(atColumn: event.x, in: rect)
            {
                response.tab = ResponseTab.allCases[index]
            }
            return
        }
        guard (inner.y..<inner.maxY).contains(event.y) else { return }
        selectRow(event.y - inner.y, height: inner.height)
    }

    /// Selects the `row`-th visible row of the focused pane's tab.
    private mutating func selectRow(_ row: Int, height: Int) {
        switch (focus, requestTab) {
        case (.request, .headers):
            let first = RequestPaneView.firstVisible(
                selected: editor.headerSelection, count: editor.headers.count,
                height: height - (editor.inheritedHeadersSent.isEmpty ? 0 : 1))
            if editor.headers.indices.contains(first + row) { editor.headerSelection = first + row }
        case (.request, .multipart):
            let first = RequestPaneView.firstVisible(selected: editor.partSelection, count: editor.parts.count, height: height - 1)
            if editor.parts.indices.contains(first + row) { editor.partSelection = first + row }
        case (.request, .options):
            let first = RequestPaneView.firstVisible(
                selected: editor.optionSelection.rawValue, count: OptionRow.allCases.count, height: height)
            if let option = OptionRow(rawValue: first + row) { editor.optionSelection = option }
        case (.request, .auth):
            let count = AuthField.fields(of: editor.auth).count
            let first = RequestPaneView.firstVisible(selected: editor.authSelection, count: count, height: height - 1)
            if first + row < count { editor.authSelection = first + row }
        case (.request, .params):
            let first = ParamsView.firstVisible(editor.params, height: height)
            if editor.params.rows.indices.contains(first + row) { editor.params.selection = first + row }
        case (.response, _) where response.tab == .tree:
            shell.editTree { tree in
                let first = max(0, tree.selection - height + 1)
                tree.move(by: first + row - tree.selection)
            }
        default: break
        }
    }
}
