import FerryCore
import Foundation

/// What spans the collection and the editor: opening a file into the editor, saving the editor's
/// request to one, and the questions asked before unsaved edits would be lost.
extension AppState {
    // MARK: - Facts

    /// True when the sidebar is drawn: there is a collection, the user has not hidden it, and the
    /// terminal leaves the editor its minimum width beside it.
    public var isSidebarShown: Bool {
        viewerTitle == nil && collection.sidebar?.isShown == true && width >= ScreenLayout.minimumWidth + Sidebar.minimumWidth
    }

    /// True when the editor differs from the file it was loaded from or saved to.
    public var hasUnsavedEdits: Bool {
        collection.openRequest != nil && editor.hasEdits
    }

    // MARK: - Actions

    /// F4: a shown sidebar without the focus gets it; otherwise the key shows or hides it.
    mutating func toggleSidebar() {
        guard collection.sidebar != nil else {
            notice = "no collection here (ferry --collection DIR)"
            return
        }
        if !isSidebarShown || focus == .sidebar { collection.sidebar!.isShown.toggle() }
        if isSidebarShown {
            focus = .sidebar
        } else if focus == .sidebar {
            focus = .url
        }
        if collection.sidebar!.isShown, !isSidebarShown { notice = "the terminal is too narrow for the sidebar" }
    }

    /// Enter on a file of the sidebar: its request loads (asking first when the editor has unsaved
    /// edits), or the status line says why it does not read.
    mutating func openItem(at index: Int) -> [Effect] {
        let item = collection.sidebar!.items[index]
        guard let request = item.request else {
            notice = item.problem
            return []
        }
        if asksAboutUnsavedEdits(before: .open(path: item.path)) { return [] }
        return open(request, path: item.path)
    }

    /// Opens the collection file at `path`, as Enter on its row does.
    mutating func openFile(_ path: String) -> [Effect] {
        guard let index = collection.sidebar?.items.firstIndex(where: { $0.path == path }) else {
            notice = "\(path) is no longer in the collection"
            return []
        }
        return openItem(at: index)
    }

    /// Loads a file's request into the editor; what the editor then holds is the "saved" state, so
    /// text the editor normalises on the way in does not count as an edit. The history is asked for
    /// the file's last exchange, to offer its response.
    private mutating func open(_ request: RequestSource, path: String) -> [Effect] {
        defer { notice = openedNotice(path) }
        load(request, file: OpenRequest(path: path))
        return [.findLastRecorded(path: path)]
    }

    /// What the status line says of a file just opened.
    private func openedNotice(_ path: String) -> String {
        editor.omitted.isEmpty
            ? "opened \(path)"
            : "opened \(path); its \(editor.omitted.joined(separator: ", ")) cannot be shown here: send it with ferry send (saving keeps them)"
    }

    /// Ctrl-S: writes the request to its file, or asks for a path.
    mutating func save() -> [Effect] {
        guard viewerTitle == nil else { return [] }
        guard let openRequest = collection.openRequest else {
            collection.pathPrompt = PathPrompt(.save, path: collection.proposedPath(title: editor.source.title))
            return []
        }
        return saveOverChanges(path: openRequest.path)
    }

    /// Writes the open file, asking first when another program changed it since the editor read it.
    private mutating func saveOverChanges(path: String) -> [Effect] {
        guard collection.openRequest?.changedOnDisk == true else { return editor.saving(to: path, isNew: false, notice: &shell.notice) }
        collection.pendingOverwrite = path
        notice = "\(path) changed on disk since you opened it: o writes your version over it, any other key keeps both as they are"
        return []
    }

    /// The answer to "write over the changed file?": `o` writes; any other key keeps the file and the edits.
    /// Nil when nothing was asked.
    mutating func answerOverwrite(_ key: Key) -> [Effect]? {
        guard let path = collection.pendingOverwrite else { return nil }
        collection.pendingOverwrite = nil
        guard key == .character("o") else {
            collection.afterSave = nil
            notice = "not saved: \(path) and your edits are kept as they are"
            return []
        }
        return editor.saving(to: path, isNew: false, notice: &shell.notice)
    }

    // MARK: - Messages

    /// The collection was read: the tree is replaced; the open file, if another program changed it,
    /// is reloaded, or the user is told when that would drop unsaved edits.
    mutating func collectionLoaded(_ items: [CollectionItem], environments: [String], changed: [String]) {
        guard collection.sidebar != nil else { return }
        let selected = collection.sidebar!.selectedItem?.path
        collection.sidebar!.replace(items: items, environments: environments, selecting: selected)
        guard let open = collection.openRequest, changed.contains(open.path) else { return }
        guard let request = items.first(where: { $0.path == open.path })?.request else {
            collection.openRequest!.changedOnDisk = true
            notice = "\(open.path) changed on disk and no longer reads as a request: ctrl-s asks before writing over it"
            return
        }
        if hasUnsavedEdits {
            collection.openRequest!.changedOnDisk = true
            notice =
                "\(open.path) changed on disk: Enter on it in the sidebar loads it (asks about your edits), ctrl-s asks before writing over it"
        } else {
            self.open(request, path: open.path)
            notice = "\(open.path) changed on disk: reloaded"
        }
    }

    /// The request was written: it is now the open file and the editor's source, and the tree is read again.
    mutating func requestSaved(path: String, _ description: RequestDescription) -> [Effect] {
        let title =
            collection.openRequest == nil
            ? String((path as NSString).lastPathComponent.dropLast(CollectionState.requestSuffix.count)) : editor.source.title
        editor.markSaved(
            as: RequestSource(title: title, description: description, defaults: editor.source.defaults, root: editor.source.root))
        collection.openRequest = OpenRequest(path: path)
        notice = "saved \(path)"
        let reload: [Effect] = collection.sidebar == nil ? [] : [.reloadCollection]
        guard let then = collection.afterSave else { return reload }
        collection.afterSave = nil
        return reload + carryOut(then)
    }

    // MARK: - Unsaved edits

    /// True when the open file's unsaved edits stand in the way of `then`: the user is asked
    /// (save, drop, keep) and the caller does nothing more; what they chose carries `then` out.
    mutating func asksAboutUnsavedEdits(before then: UnsavedEditsQuestion.Then) -> Bool {
        guard hasUnsavedEdits, !collection.dropsEdits, let path = collection.openRequest?.path else { return false }
        let question = UnsavedEditsQuestion(path: path, then: then)
        collection.unsavedQuestion = question
        notice = question.prompt
        return true
    }

    /// The answer to the unsaved-edits question: `s` saves, then carries on; `d` drops the edits
    /// and carries on; any other key keeps them. Nil when nothing was asked.
    mutating func answerUnsavedEdits(_ key: Key) -> [Effect]? {
        collection.afterSave = nil
        guard let question = collection.unsavedQuestion else { return nil }
        collection.unsavedQuestion = nil
        switch key {
        case .character("s"):
            let effects = saveOverChanges(path: question.path)
            if !effects.isEmpty || collection.pendingOverwrite != nil { collection.afterSave = question.then }
            return effects
        case .character("d"):
            return carryOut(question.then)
        default:
            notice = "kept your edits to \(question.path)"
            return []
        }
    }

    /// Does what waited for the unsaved-edits question, the edits no longer in the way.
    private mutating func carryOut(_ then: UnsavedEditsQuestion.Then) -> [Effect] {
        collection.dropsEdits = true
        defer { collection.dropsEdits = false }
        switch then {
        case .action(let action): return perform(action, in: context)
        case .open(let path): return openFile(path)
        case .message(let message): return update(message)
        }
    }
}
