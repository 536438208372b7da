import FerryCore
import Foundation

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

    /// The collection's actions, and every action while the sidebar has the focus; nil for the others.
    mutating func performCollection(_ action: Action) -> [Effect]? {
        switch action {
        case .toggleSidebar:
            guard collection.sidebar != nil else { notice = "no collection here (ferry --collection DIR)"; return [] }
            // A shown sidebar without the focus gets it; otherwise the key shows or hides it.
            if !isSidebarShown || focus == .sidebar { collection.sidebar!.isShown.toggle() }
            if isSidebarShown {
                focus = .sidebar
            } else if focus == .sidebar {
                focus = .url
            }
            if collection.sidebar!.isShown, !isSidebarShown { notice = "the terminal is too narrow for the sidebar" }
            return []
        case .save:
            return save()
        case .history:
            return viewerTitle == nil ? openHistory() : []
        case .cookies:
            return viewerTitle == nil ? [.showCookies(environment: collection.environment)] : []
        case .clearCookies:
            return viewerTitle == nil ? [.clearCookies(environment: collection.environment)] : []
        case .importFile:
            guard viewerTitle == nil else { return [] }
            collection.pathPrompt = PathPrompt(.importFile, path: "")
            return []
        case .nextEnvironment:
            guard let names = collection.sidebar?.environments, !names.isEmpty else {
                notice = "the collection has no environments"; return []
            }
            let choices: [String?] = [nil] + names
            let index = choices.firstIndex(of: collection.environment) ?? 0
            return [.loadEnvironment(choices[(index + 1) % choices.count])]
        default:
            guard focus == .sidebar, isSidebarShown else { return nil }
            return performInSidebar(action)
        }
    }

    /// Moves the focus to the next pane shown, skipping a hidden sidebar.
    mutating func focusPane(by offset: Int) {
        focus = focus.cycled(by: offset)
        if focus == .sidebar, !isSidebarShown { focus = focus.cycled(by: offset) }
    }

    private mutating func performInSidebar(_ action: Action) -> [Effect]? {
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            collection.sidebar!.move(by: Self.delta(of: action, page: max(1, layout.sidebar.height - 3)))
        case .edit, .expandNode:
            open(collection.sidebar!.selectedRow)
        case .search:
            collection.sidebar!.isFiltering = true
        case .cancel where !collection.sidebar!.filter.text.isEmpty:
            collection.sidebar!.filter = TextField()
            collection.sidebar!.selection = 0
        case .addRow, .nextMatch:
            collection.pathPrompt = PathPrompt(
                .save, path: (collection.sidebar!.selectedItem.map { folderPrefix($0.folder) } ?? "") + "new-request" + Self.requestSuffix)
        case .toggleRow, .nextTab, .previousTab, .previousMatch, .jump:
            break
        case .widenSidebar, .narrowSidebar:
            let wider = collection.sidebar!.width(in: width) + (action == .widenSidebar ? Sidebar.widthStep : -Sidebar.widthStep)
            collection.sidebar!.chosenWidth = max(Sidebar.minimumWidth, min(Sidebar.maximumWidth, wider))
        case .rename, .duplicate, .deleteRow:
            guard let item = collection.sidebar!.selectedItem else { notice = "select a file first"; return [] }
            switch action {
            case .rename: collection.pathPrompt = PathPrompt(.rename(item.path), path: item.path)
            case .duplicate:
                collection.pathPrompt = PathPrompt(
                    .duplicate(item.path), path: String(item.path.dropLast(Self.requestSuffix.count)) + "-copy" + Self.requestSuffix)
            default:
                collection.pendingDelete = item.path
                notice = "delete \(item.path)? y deletes it, any other key keeps it"
            }
        default:
            return nil
        }
        return []
    }

    /// Enter on a row: a folder opens or closes, a request loads (asking first when the editor has unsaved edits).
    private mutating func open(_ row: Sidebar.Row?) {
        switch row {
        case .folder(let folder, _):
            collection.sidebar!.toggle(folder: folder)
        case .item(let index, _):
            let item = collection.sidebar!.items[index]
            guard let request = item.request else {
                notice = item.problem
                return
            }
            if asksAboutUnsavedEdits(before: .open(path: item.path)) { return }
            open(request, path: item.path)
        case nil:
            break
        }
    }

    /// Opens the collection file at `path`, as Enter on its row does.
    mutating func openFile(_ path: String) {
        guard let index = collection.sidebar?.items.firstIndex(where: { $0.path == path }) else {
            notice = "\(path) is no longer in the collection"
            return
        }
        open(.item(index, depth: 0))
    }

    /// Loads a file's request into the editor; what the editor then holds is the "saved" state, so
    /// text the editor normalises on the way in does not count as an edit.
    private mutating func open(_ request: RequestSource, path: String) {
        load(request, file: OpenRequest(path: path))
        notice =
            editor.omitted.isEmpty
            ? "opened \(path)"
            : "opened \(path); its \(editor.omitted.joined(separator: ", ")) cannot be shown here: send it with ferry send (saving keeps them)"
    }

    /// Ctrl-S: writes the request to its file, or asks for a path.
    private mutating func save() -> [Effect] {
        guard viewerTitle == nil else { return [] }
        guard let openRequest = collection.openRequest else {
            collection.pathPrompt = PathPrompt(.save, path: proposedPath())
            return []
        }
        return saveOverChanges(path: openRequest.path)
    }

    /// Writes the open file, asking first when another program changed it since the editor read it.
    private mutating func saveOverChanges(path: String) -> [Effect] {
        guard collection.openRequest?.changedOnDisk == true else { return saveEffect(path: path, isNew: false) }
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
        return saveEffect(path: path, isNew: false)
    }

    /// Saving the editor's description, or a notice when the editor holds what no file can.
    mutating func saveEffect(path: String, isNew: Bool) -> [Effect] {
        do {
            return [.saveRequest(path: path, try editor.description(), isNew: isNew)]
        } catch {
            notice = "not saved: " + ErrorChain(error).line
            return []
        }
    }

    static let requestSuffix = ".ferry.yaml"

    private func folderPrefix(_ folder: String) -> String { folder.isEmpty ? "" : folder + "/" }

    /// Where a request that belongs to no file is proposed to be saved: a name made from its title
    /// (or `new-request`), in the folder of the sidebar's selection, not over a file that exists.
    private func proposedPath() -> String {
        let title = editor.source.title.isEmpty ? "new request" : editor.source.title
        let folder = collection.sidebar?.selectedItem?.folder ?? ""
        return RequestFileName.path(for: title, in: folder, avoiding: Set(collection.sidebar?.items.map(\.path) ?? []))
    }

    // MARK: - Line input

    /// The answer to "delete …?": `y` deletes, any other key keeps the file. Nil when nothing was asked.
    mutating func answerDelete(_ key: Key) -> [Effect]? {
        guard let path = collection.pendingDelete else { return nil }
        collection.pendingDelete = nil
        guard key == .character("y") else { notice = "kept \(path)"; return [] }
        return [.fileOperation(.delete(path))]
    }

    /// Keys while a path or the sidebar filter is typed; nil when neither is.
    mutating func handleCollectionLine(_ action: Action?) -> [Effect]? {
        guard let action else { return nil }
        if var prompt = collection.pathPrompt {
            switch action {
            case .send:
                collection.pathPrompt = nil
                var path = prompt.field.text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else { notice = "no path given: nothing done"; return [] }
                if case .importFile = prompt.kind { return [.importFile(path)] }
                if !path.hasSuffix(Self.requestSuffix) { path += Self.requestSuffix }
                switch prompt.kind {
                case .save: return saveEffect(path: path, isNew: true)
                case .rename(let from): return [.fileOperation(.rename(from: from, to: path))]
                case .duplicate(let from): return [.fileOperation(.duplicate(from: from, to: path))]
                case .importFile: return []
                }
            case .cancel:
                collection.pathPrompt = nil
            case .quit, .suspend:
                return nil
            default:
                prompt.field.edit(.apply(action))
                collection.pathPrompt = prompt
            }
            return []
        }
        guard focus == .sidebar, collection.sidebar?.isFiltering == true else { return nil }
        switch action {
        case .send, .down:
            collection.sidebar!.isFiltering = false
        case .cancel:
            collection.sidebar!.isFiltering = false
            collection.sidebar!.filter = TextField()
        case .quit, .suspend:
            return nil
        default:
            collection.sidebar!.filter.edit(.apply(action))
        }
        collection.sidebar!.selection = 0
        return []
    }

    /// Text typed into the save path or the sidebar filter; false when neither is being typed.
    mutating func insertCollectionText(_ text: String) -> Bool {
        if collection.pathPrompt != nil {
            collection.pathPrompt!.field.insert(text)
        } else if focus == .sidebar, collection.sidebar?.isFiltering == true {
            collection.sidebar!.filter.insert(text)
            collection.sidebar!.selection = 0
        } else {
            return false
        }
        return true
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
            ? String((path as NSString).lastPathComponent.dropLast(Self.requestSuffix.count)) : editor.source.title
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
        case .open(let path): openFile(path); return []
        case .message(let message): return update(message)
        }
    }

    /// A file was renamed, copied or deleted: the open request follows a rename, forgets a deleted
    /// file (the editor keeps its text), and the tree is read again.
    mutating func fileOperationDone(_ operation: FileOperation) -> [Effect] {
        switch operation {
        case .rename(let from, let to):
            if collection.openRequest?.path == from { collection.openRequest!.path = to }
            notice = "renamed \(from) to \(to)"
        case .duplicate(let from, let to):
            notice = "copied \(from) to \(to)"
        case .delete(let path):
            if collection.openRequest?.path == path { collection.openRequest = nil }
            notice = "deleted \(path)"
        }
        return [.reloadCollection]
    }

    mutating func environmentLoaded(
        _ name: String?, _ variables: [Variable], chains: [VariableChain] = [], connection: ConnectionSettings = ConnectionSettings()
    ) {
        collection.environment = name
        self.collection.variables = variables
        self.collection.chains = chains
        collection.connection = connection
        notice = "environment: \(name ?? "none")"
    }
}
