import FerryCore

/// The sidebar's keys and the collection's prompts: moving, filtering, folders opened and closed,
/// files created, renamed, copied and deleted, the path typed for a save or an import.
extension CollectionState {
    static let requestSuffix = ".ferry.yaml"

    /// An action while the sidebar has the focus (the terminal `width` wide, a page `page` rows);
    /// nil when it is none of the sidebar's. Opening a file (Enter on it) loads the editor: `AppState`'s to do.
    mutating func performInSidebar(_ action: Action, width: Int, page: Int, notice: inout String?) -> [Effect]? {
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            sidebar!.move(by: action.delta(page: page))
        case .edit, .expandNode:
            if case .folder(let folder, _)? = sidebar!.selectedRow { sidebar!.toggle(folder: folder) }
        case .search:
            sidebar!.isFiltering = true
        case .cancel where !sidebar!.filter.text.isEmpty:
            sidebar!.filter = TextField()
            sidebar!.selection = 0
        case .addRow:
            pathPrompt = PathPrompt(
                .save, path: (sidebar!.selectedItem.map { Self.folderPrefix($0.folder) } ?? "") + "new-request" + Self.requestSuffix)
        case .toggleRow, .nextTab, .previousTab, .nextMatch, .previousMatch, .jump:
            break
        case .widenSidebar, .narrowSidebar:
            sidebar!.resize(to: sidebar!.width(in: width) + (action == .widenSidebar ? Sidebar.widthStep : -Sidebar.widthStep))
            return [.rememberSidebarWidth(sidebar!.chosenWidth!)]
        case .rename, .duplicate, .deleteRow:
            guard let item = sidebar!.selectedItem else { notice = "select a file first"; return [] }
            switch action {
            case .rename: pathPrompt = PathPrompt(.rename(item.path), path: item.path)
            case .duplicate:
                pathPrompt = PathPrompt(
                    .duplicate(item.path), path: String(item.path.dropLast(Self.requestSuffix.count)) + "-copy" + Self.requestSuffix)
            default:
                pendingDelete = item.path
                notice = "delete \(item.path)? y deletes it, any other key keeps it"
            }
        default:
            return nil
        }
        return []
    }

    /// F7 and the palette's import: the path of the file to import is asked for.
    mutating func askImportPath() {
        pathPrompt = PathPrompt(.importFile, path: "")
    }

    /// The environment after the current one (none first), to load; a notice when there are none.
    func nextEnvironment(notice: inout String?) -> [Effect] {
        guard let names = sidebar?.environments, !names.isEmpty else {
            notice = "the collection has no environments"
            return []
        }
        let choices: [String?] = [nil] + names
        let index = choices.firstIndex(of: environment) ?? 0
        return [.loadEnvironment(choices[(index + 1) % choices.count])]
    }

    /// Where a request titled `title` (untitled: `new-request`) that belongs to no file is proposed
    /// to be saved: in the folder of the sidebar's selection, not over a file that exists.
    func proposedPath(title: String) -> String {
        let folder = sidebar?.selectedItem?.folder ?? ""
        return RequestFileName.path(
            for: title.isEmpty ? "new request" : title, in: folder, avoiding: Set(sidebar?.items.map(\.path) ?? []))
    }

    private static func folderPrefix(_ folder: String) -> String { folder.isEmpty ? "" : folder + "/" }

    // MARK: - Line input

    /// The answer to "delete …?": `y` deletes, any other key keeps the file. Nil when nothing was asked.
    mutating func answerDelete(_ key: Key, notice: inout String?) -> [Effect]? {
        guard let path = pendingDelete else { return nil }
        pendingDelete = nil
        guard key == .character("y") else { notice = "kept \(path)"; return [] }
        return [.fileOperation(.delete(path))]
    }

    /// Keys while a path or (the sidebar having the `focus`) its filter is typed; nil when neither
    /// is. A new request is saved as `editor`'s.
    mutating func handleLine(_ action: Action?, focus: Pane, editor: RequestEditor, notice: inout String?) -> [Effect]? {
        guard let action else { return nil }
        if var prompt = pathPrompt {
            switch action {
            case .send:
                pathPrompt = nil
                var path = prompt.field.text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else { notice = "no path given: nothing done"; return [] }
                if case .importFile = prompt.kind { return [.importFile(path)] }
                if case .saveResponse(let bytes) = prompt.kind { return [.saveResponse(bytes, path: path)] }
                if !path.hasSuffix(Self.requestSuffix) { path += Self.requestSuffix }
                switch prompt.kind {
                case .save: return editor.saving(to: path, isNew: true, notice: &notice)
                case .rename(let from): return [.fileOperation(.rename(from: from, to: path))]
                case .duplicate(let from): return [.fileOperation(.duplicate(from: from, to: path))]
                case .importFile, .saveResponse: return []
                }
            case .cancel:
                pathPrompt = nil
            case .quit, .suspend:
                return nil
            default:
                prompt.field.edit(.apply(action))
                pathPrompt = prompt
            }
            return []
        }
        guard focus == .sidebar, sidebar?.isFiltering == true else { return nil }
        switch action {
        case .send, .down:
            sidebar!.isFiltering = false
        case .cancel:
            sidebar!.isFiltering = false
            sidebar!.filter = TextField()
        case .quit, .suspend:
            return nil
        default:
            sidebar!.filter.edit(.apply(action))
        }
        sidebar!.selection = 0
        return []
    }

    /// Text typed into the save path or (the sidebar having the `focus`) its filter; false when neither is being typed.
    mutating func insert(_ text: String, focus: Pane) -> Bool {
        if pathPrompt != nil {
            pathPrompt!.field.insert(text)
        } else if focus == .sidebar, sidebar?.isFiltering == true {
            sidebar!.filter.insert(text)
            sidebar!.selection = 0
        } else {
            return false
        }
        return true
    }

    // MARK: - Messages

    /// A file was renamed, copied or deleted: the open request follows a rename, forgets a deleted
    /// file (the editor keeps its text), and the tree is read again.
    mutating func fileOperationDone(_ operation: FileOperation, notice: inout String?) -> [Effect] {
        switch operation {
        case .rename(let from, let to):
            if openRequest?.path == from { openRequest!.path = to }
            notice = "renamed \(from) to \(to)"
        case .duplicate(let from, let to):
            notice = "copied \(from) to \(to)"
        case .delete(let path):
            if openRequest?.path == path { openRequest = nil }
            notice = "deleted \(path)"
        }
        return [.reloadCollection]
    }

    /// An environment was read: its variables, chained variables and connection settings apply to the next sends.
    mutating func environmentLoaded(
        _ name: String?, _ variables: [Variable], chains: [VariableChain], connection: ConnectionSettings, notice: inout String?
    ) {
        environment = name
        self.variables = variables
        self.chains = chains
        self.connection = connection
        notice = "environment: \(name ?? "none")"
    }

    /// Keeps the captured values for the requests sent after this one; the line for the status bar
    /// says what was captured and how many checks failed.
    mutating func keepCaptures(_ checks: CheckReport) -> String? {
        for variable in checks.captured {
            captured.removeAll { $0.name == variable.name }
            captured.append(variable)
        }
        var parts: [String] = []
        let failed = checks.failures.count + checks.captureProblems.count
        if failed > 0 { parts.append("\(failed) check(s) failed (Errors tab)") }
        if !checks.captured.isEmpty { parts.append("captured " + checks.captured.map { "{{\($0.name)}}" }.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Keeps a chained value for the send waiting for it; `sent` names the request sent to take it.
    mutating func chainedVariableTaken(_ variable: Variable, sent: String?) {
        chained.removeAll { $0.name == variable.name }
        chained.append(variable)
        if let sent {
            sendNotice = [sendNotice, "sent \(sent) for {{\(variable.name)}}"].compactMap { $0 }.joined(separator: "; ")
        }
    }
}
