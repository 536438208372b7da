extension AppState {
    /// How many rows one wheel step scrolls.
    static let wheelStep = 3

    /// A click focuses the pane under it and selects the tab or row clicked; the wheel scrolls the pane
    /// under the pointer, or the overlay (help, palette, sheet, history, cookies) while one is open; a
    /// press on the sidebar's right border drags it to where the button comes up.
    mutating func handle(_ event: MouseEvent) -> [Effect] {
        if collection.sidebar?.isBorderHeld == true { return dragSidebarBorder(event) }
        if isOverlayOpen {
            guard event.kind == .wheelUp || event.kind == .wheelDown, !isAwaitingAnswer else { return [] }
            return (0..<Self.wheelStep).flatMap { _ in update(.key(event.kind == .wheelUp ? .up : .down)) }
        }
        guard editor.lineEdit == nil, !isTooSmall, let pane = pane(at: event) else { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            guard pane == .request || pane == .response || pane == .sidebar else { return [] }
            let focused = focus
            focus = pane
            for _ in 0..<Self.wheelStep { _ = perform(event.kind == .wheelUp ? .up : .down, in: .browse) }
            focus = focused
        case .press where pane == .sidebar && event.x == layout.sidebar.maxX - 1:
            collection.sidebar!.isBorderHeld = true
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
        case .motion, .release:
            break
        }
        return []
    }

    /// True while something is drawn over the panes: the help, the palette, a sheet, the history or the cookies.
    var isOverlayOpen: Bool {
        overlays.showHelp || overlays.palette != nil || overlays.sheet != nil || overlays.cookies != nil || history != nil
    }

    /// True while a question waits for its key (delete, overwrite, unsaved edits): the wheel must not answer it.
    private var isAwaitingAnswer: Bool {
        collection.pendingDelete != nil || collection.pendingOverwrite != nil || collection.unsavedQuestion != nil
            || collection.outsideFilesQuestion != nil
    }

    /// The sidebar's border is held: motion moves it, the release leaves it there; the width is
    /// remembered once the button comes up (or another event shows it came up unseen), when one was chosen.
    private mutating func dragSidebarBorder(_ event: MouseEvent) -> [Effect] {
        if event.kind == .motion || event.kind == .release, event.x + 1 != collection.sidebar!.width(in: width) {
            collection.sidebar!.resize(to: event.x + 1)
        }
        if event.kind == .motion { return [] }
        collection.sidebar!.isBorderHeld = false
        let remember = collection.sidebar!.chosenWidth.map { [Effect.rememberSidebarWidth($0)] } ?? []
        return event.kind == .release ? remember : remember + handle(event)
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
        switch focus {
        case .request: editor.selectRow(row, height: height)
        case .response where response.tab == .tree:
            shell.editTree { tree in
                let first = max(0, tree.selection - height + 1)
                tree.move(by: first + row - tree.selection)
            }
        default: break
        }
    }
}
