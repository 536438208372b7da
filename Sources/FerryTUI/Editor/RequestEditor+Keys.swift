import FerryCore

/// The request panes' keys: the method selector, the URL and the request tabs each act on the
/// editor's own state; what needs the collection (variables to resolve with) is handed in.
extension RequestEditor {
    /// An action while `focus` is the method, the URL or the request pane; nil when it is none of
    /// theirs. Movement moves by `page` rows a page.
    mutating func perform(
        _ action: Action, in context: KeyContext, focus: Pane, page: Int, collection: CollectionState, notice: inout String?
    ) -> [Effect]? {
        if focus == .request {
            let effects: [Effect]? =
                switch tab {
                case .body: performInBody(action, in: context, collection: collection, notice: &notice)
                case .auth: performAuth(action, collection: collection, notice: &notice)
                case .multipart: performInMultipart(action, collection: collection, notice: &notice)
                case .params: performInParams(action, notice: &notice) ? [] : nil
                case .scripts: performInScripts(action)
                case .headers, .options, .expect: nil
                }
            if let effects { return effects }
        }
        switch action {
        case .nextTab, .previousTab:
            switchTab(by: action == .nextTab ? 1 : -1, focus: focus)
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            if context == .body, action == .up || action == .down {
                editedBody.apply(action)
            } else {
                move(action, focus: focus, page: page)
            }
        case .edit: startEdit(focus: focus)
        case .toggleRow where focus == .method: cycleMethod(by: 1)
        case .toggleRow where focus == .request: toggleRow()
        case .addRow where focus == .request: addRow()
        case .deleteRow where focus == .request: deleteRow()
        case .openEditor where focus == .request && tab == .body:
            isEditingBody = false
            return [.editBody(body.text)]
        case .toggleRow, .addRow, .deleteRow, .openEditor: break
        default: return nil
        }
        return []
    }

    /// Moves the method on by `offset` places.
    mutating func cycleMethod(by offset: Int) {
        let index = Self.methods.firstIndex(of: method) ?? 0
        method = Self.methods[((index + offset) % Self.methods.count + Self.methods.count) % Self.methods.count]
    }

    // MARK: - Rows

    private mutating func switchTab(by offset: Int, focus: Pane) {
        switch focus {
        case .request:
            tab = tab.cycled(by: offset)
            isEditingBody = false
        case .method: cycleMethod(by: offset)
        default: break
        }
    }

    private mutating func move(_ action: Action, focus: Pane, page: Int) {
        let delta = action.delta(page: page)
        switch focus {
        case .method: cycleMethod(by: delta.signum())
        case .request where tab == .headers:
            headerSelection = max(0, min(headers.count - 1, headerSelection.addingClamped(delta)))
        case .request where tab == .expect:
            checkSelection = max(0, min(checks.count - 1, checkSelection.addingClamped(delta)))
        case .request where tab == .options:
            let index = max(0, min(OptionRow.allCases.count - 1, optionSelection.rawValue.addingClamped(delta)))
            optionSelection = OptionRow(rawValue: index)!
        default: break
        }
    }

    private mutating func startEdit(focus: Pane) {
        switch (focus, tab) {
        case (.method, _): cycleMethod(by: 1)
        case (.request, .headers):
            guard headers.indices.contains(headerSelection) else { return addRow() }
            lineEdit = LineEdit(target: .header(headerSelection), text: headers[headerSelection].line)
        case (.request, .body): isEditingBody = true
        case (.request, .expect):
            guard checks.indices.contains(checkSelection) else { return addRow() }
            lineEdit = LineEdit(target: .check(checkSelection), text: checks[checkSelection])
        case (.request, .options):
            if optionSelection.isText {
                lineEdit = LineEdit(target: .option(optionSelection), text: optionSelection.editText(in: self))
            } else {
                optionSelection.toggle(&self)
            }
        default: break
        }
    }

    private mutating func toggleRow() {
        switch tab {
        case .headers where headers.indices.contains(headerSelection): headers[headerSelection].enabled.toggle()
        case .options where !optionSelection.isText: optionSelection.toggle(&self)
        default: break
        }
    }

    /// A new row in the Headers or Expect tab, being edited.
    private mutating func addRow() {
        switch tab {
        case .expect:
            checks.append("")
            checkSelection = checks.count - 1
            lineEdit = LineEdit(target: .check(checkSelection), text: "", isNewRow: true)
        case .headers:
            headers.append(HeaderRow(name: "", value: ""))
            headerSelection = headers.count - 1
            lineEdit = LineEdit(target: .header(headerSelection), text: "", isNewRow: true)
        default: break
        }
    }

    private mutating func deleteRow() {
        switch tab {
        case .expect where checks.indices.contains(checkSelection):
            checks.remove(at: checkSelection)
            checkSelection = max(0, min(checkSelection, checks.count - 1))
        case .headers where headers.indices.contains(headerSelection):
            headers.remove(at: headerSelection)
            headerSelection = max(0, min(headerSelection, headers.count - 1))
        default: break
        }
    }

    // MARK: - Text

    /// Applies `change` to the text the editor is editing: the row being edited, the URL (while
    /// `focus` is on it) or, in the body `context`, the body.
    mutating func edit(_ change: TextChange, focus: Pane, context: KeyContext) {
        if lineEdit != nil {
            // A completed header name ends in `: `; a colon typed after it out of habit takes the
            // place of that one, so `: value` typed or pasted gives `Name: value`.
            let field = lineEdit!.field
            if case .header = lineEdit!.target, case .insert(let text) = change, text.hasPrefix(":"),
                field.cursor == field.text.count, field.text.hasSuffix(": ")
            {
                lineEdit!.field = TextField(String(field.text.dropLast()))
                lineEdit!.field.insert(String(text.dropFirst()))
                return
            }
            lineEdit!.field.edit(change)
        } else if focus == .url {
            url.edit(change)
        } else if context == .body {
            editedBody.edit(change)
        }
    }

    /// Enter on the row being edited: the line is kept (or stays open, the notice saying why it does not read).
    mutating func commitLineEdit(notice: inout String?) {
        guard let edit = lineEdit else { return }
        switch edit.target {
        case .header(let index):
            let text = edit.field.text
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                if edit.isNewRow { headers.remove(at: index) }
                headerSelection = max(0, min(headerSelection, headers.count - 1))
            } else {
                headers[index] = HeaderRow(line: text, enabled: headers[index].enabled)
            }
        case .param(let index):
            if edit.isNewRow, edit.field.text.trimmingCharacters(in: .whitespaces).isEmpty {
                params.deleteSelected()
            } else {
                params.rows[index].set(line: edit.field.text)
            }
        case .part(let index):
            commitPartEdit(index, text: edit.field.text, isNewRow: edit.isNewRow)
        case .check(let index):
            guard commitCheckEdit(index, text: edit.field.text, notice: &notice) else { return }
        case .auth(let field):
            field.set(edit.field.text, in: &auth)
        case .option(let row):
            if let problem = row.set(edit.field.text, in: &self) {
                notice = problem
                return
            }
        case .bodyFile:
            if let problem = setBodyFile(edit.field.text) {
                notice = problem
                return
            }
        case .graphQLOperation:
            commitOperationName(edit.field.text)
        }
        lineEdit = nil
    }

    /// Esc on the row being edited: the edit is dropped, and a new row with it.
    mutating func dropLineEdit() {
        if case .header(let index)? = lineEdit?.target, lineEdit?.isNewRow == true {
            headers.remove(at: index)
            headerSelection = max(0, min(headerSelection, headers.count - 1))
        }
        if case .param? = lineEdit?.target, lineEdit?.isNewRow == true { params.deleteSelected() }
        if case .part(let index)? = lineEdit?.target, lineEdit?.isNewRow == true {
            commitPartEdit(index, text: "", isNewRow: true)
        }
        if case .check(let index)? = lineEdit?.target, lineEdit?.isNewRow == true { removeCheck(at: index) }
        lineEdit = nil
    }

    // MARK: - Saving and resolving

    /// Saving the editor's description at `path`, or a notice when the editor holds what no file can.
    func saving(to path: String, isNew: Bool, notice: inout String?) -> [Effect] {
        do {
            return [.saveRequest(path: path, try description(), isNew: isNew)]
        } catch {
            notice = "not saved: " + ErrorChain(error).line
            return []
        }
    }

    /// The request as composed, resolved with the collection's variables (the environment's, the
    /// chained and the captured ones), its environment's connection settings and its file access.
    func resolved(in collection: CollectionState) throws -> ResolvedRequest {
        try resolved(
            with: collection.variables + collection.chained + collection.captured, environment: collection.connection,
            access: collection.fileAccess)
    }
}
