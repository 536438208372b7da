import FerryCore

extension AppState {
    /// Applies `message` and returns the work the runtime must do. The only way the state changes.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            return handle(key) + responseViewsAfterKey()
        case .paste(let text):
            // A curl command pasted into the URL field becomes the whole request, as Posting does.
            if focus == .url, context == .line, overlays.palette == nil, collection.pathPrompt == nil, response.views.prompt == nil,
                text.drop(while: \.isWhitespace).hasPrefix("curl ")
            {
                return [.importCurl(text)]
            }
            editText(.insert(text))
        case .curlImported(let request, let summary):
            if asksAboutUnsavedEdits(before: .message(message)) { return [] }
            load(request, file: nil)
            notice = summary
        case .resize(let width, let height):
            self.width = width
            self.height = height
            if focus == .sidebar, !isSidebarShown { focus = .url }
        case .progress(let id, let progress, let elapsed):
            if case .sending(id, _, _) = exchange { exchange = .sending(id: id, progress: progress, elapsed: elapsed) }
        case .responseArrived(let id, let summary):
            guard case .sending(id, _, _) = exchange else { return [] }
            present(summary)
            let captures = summary.checks.flatMap { takeCaptures($0) }
            notice = [collection.chainNotice, captures].compactMap { $0 }.joined(separator: "; ")
            if notice?.isEmpty == true { notice = nil }
            collection.chainNotice = nil
        case .streamStarted(let id, let framing, let time):
            streamStarted(id: id, framing: framing, time: time)
        case .streamEvents(let id, let arrived):
            streamEventsArrived(id: id, arrived)
        case .webSocketOpened(let id, let summary):
            webSocketOpened(id: id, summary)
        case .webSocketMessages(let id, let messages, let skipped):
            webSocketMessagesArrived(id: id, messages, skipped: skipped)
        case .webSocketEnded(let id, let summary):
            webSocketEnded(id: id, summary)
        case .requestFailed(let id, let chain, let elapsed):
            guard case .sending(id, _, _) = exchange else { return [] }
            // What the request was carried with, when not Ferry's defaults, is named with the failure.
            var chain = chain
            notice = transportSettingsInForce
            if let notice { chain.links.append(ErrorLink(stage: "options", reason: "settingsInForce", message: notice)) }
            exchange = .failed(chain, elapsed: elapsed)
            response.show(failed: true)
            if focus == .url { focus = .response }
        case .editorClosed(let text, let notice):
            if let text { editor.body = TextArea(text.hasSuffix("\n") ? String(text.dropLast()) : text) }
            self.notice = notice
        case .notice(let text):
            notice = text
        case .searchFinished(let result):
            searchFinished(result)
        case .mouse(let event):
            return handle(event)
        case .themeLoaded(let theme):
            self.theme = theme
            notice = "theme: \(theme.name)"
        case .sheet(let sheet):
            overlays.sheet = sheet
        case .cookiesLoaded(let jar, let path, let environment):
            cookiesLoaded(jar, path: path, environment: environment)
        case .collectionLoaded(let items, let environments, let changed):
            collectionLoaded(items, environments: environments, changed: changed)
        case .requestSaved(let path, let request):
            return requestSaved(path: path, request)
        case .historyListed(let rows):
            let selection = min(history?.selection ?? 0, max(0, rows.count - 1))
            history?.rows = rows
            history?.selection = selection
        case .historyEntryLoaded(let request, let response, let replay):
            return historyEntryLoaded(request, response, replay: replay)
        case .graphQLSchemaLoaded(let endpoint, let schema):
            graphQLSchemaLoaded(endpoint: endpoint, schema)
        case .historyDiff(let lines):
            history?.diff = lines
            history?.diffScroll = 0
        case .fileOperationDone(let operation):
            return fileOperationDone(operation)
        case .environmentLoaded(let name, let variables, let chains, let connection):
            environmentLoaded(name, variables, chains: chains, connection: connection)
        case .chainedVariableTaken(let variable, let sent):
            return chainedVariableTaken(variable, sent: sent)
        case .chainFailed(let chain):
            collection.chained = []
            collection.chainNotice = nil
            exchange = .failed(chain, elapsed: 0)
            response.show(failed: true)
        case .copied(let text, let what):
            showCopied(text, what: what)
        case .terminate(let reason):
            termination = reason
            return quit()
        }
        return []
    }

    // MARK: - Keys

    private mutating func handle(_ key: Key) -> [Effect] {
        let context = self.context
        let action = keymap.action(for: key, in: context)
        if overlays.showHelp { return handleHelp(action) }
        if let effects = answerDelete(key) { return effects }
        if let effects = answerOverwrite(key) { return effects }
        if let effects = answerUnsavedEdits(key) { return effects }
        if history != nil { return handleHistory(key, action) }
        if overlays.palette != nil { return handlePalette(key, action) }
        if overlays.cookies != nil { return handleCookies(key) }
        if overlays.sheet != nil { return handleSheet(action) }
        if context == .line, let effects = handleCollectionLine(action) { return effects }
        guard let action else {
            if context != .browse, case .character(let c) = key, !insertCollectionText(String(c)) { editText(.insert(String(c))) }
            return []
        }
        if context == .line, editor.lineEdit != nil {
            if action == .send { commitLineEdit(); return [] }
            if action == .cancel { dropLineEdit(); return [] }
        }
        if context == .line, response.views.prompt != nil {
            switch action {
            case .send: return commitPrompt()
            case .cancel: cancelPrompt()
            case .quit, .suspend, .help: return perform(action, in: context)
            default: editText(.apply(action))
            }
            return []
        }
        if viewerTitle != nil, action.isRequestSide { return [] }
        return perform(action, in: context)
    }

    private mutating func handleHelp(_ action: Action?) -> [Effect] {
        switch action {
        case .help, .cancel, .quit: overlays.showHelp = false
        case .down: overlays.helpScroll += 1
        case .up: overlays.helpScroll = max(0, overlays.helpScroll - 1)
        case .pageDown: overlays.helpScroll += 10
        case .pageUp: overlays.helpScroll = max(0, overlays.helpScroll - 10)
        default: break
        }
        return []
    }

    mutating func perform(_ action: Action, in context: KeyContext) -> [Effect] {
        if let effects = performCollection(action) { return effects }
        if let effects = performGraphQL(action) { return effects }
        if let effects = performAuth(action) { return effects }
        if let effects = performRequestSide(action) { return effects }
        switch action {
        case .send: return send()
        case .cancel:
            if openWebSocketID != nil { return closeWebSocket() }
            if case .sending(let id, _, _) = exchange {
                notice = "cancelling…"
                return [.cancel(id: id)]
            }
            if focus == .url { focus = .response }  // Esc always leaves a text field
            if focus == .response, response.tab == .tree, let filter = exchange.summary?.tree.filter {
                editTree { $0.clearFilter() }
                notice = "the whole document (the filter was \(filter))"
            }
        case .quit:
            if asksAboutUnsavedEdits(before: .action(.quit)) { return [] }
            return quit()
        case .help:
            overlays.showHelp = true
            overlays.helpScroll = 0
        case .suspend: return [.suspend]
        case .nextPane: focusPane(by: 1)
        case .previousPane: focusPane(by: -1)
        case .focusMethod: focus = .method
        case .focusURL: focus = .url
        case .focusRequest: focus = .request
        case .focusResponse: focus = .response
        case .nextExample, .previousExample:
            guard !collection.examples.isEmpty else { notice = "no prepared requests here (try ferry demo)"; return [] }
            if asksAboutUnsavedEdits(before: .action(action)) { return [] }
            let step = action == .nextExample ? 1 : -1
            let index =
                collection.exampleIndex.map {
                    (($0 + step) % collection.examples.count + collection.examples.count) % collection.examples.count
                } ?? (step > 0 ? 0 : collection.examples.count - 1)
            collection.exampleIndex = index
            // An example is no file of the collection: Ctrl-S asks where to save it.
            load(collection.examples[index], file: nil)
            notice = "example \(index + 1)/\(collection.examples.count): \(collection.examples[index].title)"
        case .nextTab, .previousTab:
            switchTab(by: action == .nextTab ? 1 : -1)
        case .nextMethod, .previousMethod:
            cycleMethod(by: action == .nextMethod ? 1 : -1)
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            if context == .body, action == .up || action == .down {
                editedBody.apply(action)
            } else {
                move(action)
            }
        case .expandNode:
            // On a filter's match, Enter offers what to do with it: keep it as a check, or open it.
            if let tree = exchange.summary?.tree, tree.rows.indices.contains(tree.selection), tree.isFilterRoot(tree.selection),
                !tree.isExpanded(tree.selection)
            {
                overlays.palette = CommandPalette(choices: [.assertNode, .captureNode, .expandNode])
            } else {
                editTree { $0.expand() }
            }
        case .collapseNode: editTree { $0.collapse() }
        case .toggleWrap: response.wrap.toggle()
        case .edit: startEdit()
        case .toggleRow: toggleRow()
        case .addRow:
            guard focus == .request, requestTab == .headers || requestTab == .expect else { return [] }
            if requestTab == .expect {
                editor.checks.append("")
                editor.checkSelection = editor.checks.count - 1
                editor.lineEdit = LineEdit(target: .check(editor.checkSelection), text: "", isNewRow: true)
                return []
            }
            editor.headers.append(HeaderRow(name: "", value: ""))
            editor.headerSelection = editor.headers.count - 1
            editor.lineEdit = LineEdit(target: .header(editor.headerSelection), text: "", isNewRow: true)
        case .deleteRow:
            if focus == .request, requestTab == .expect, editor.checks.indices.contains(editor.checkSelection) {
                editor.checks.remove(at: editor.checkSelection)
                editor.checkSelection = max(0, min(editor.checkSelection, editor.checks.count - 1))
                return []
            }
            guard focus == .request, requestTab == .headers, editor.headers.indices.contains(editor.headerSelection) else { return [] }
            editor.headers.remove(at: editor.headerSelection)
            editor.headerSelection = max(0, min(editor.headerSelection, editor.headers.count - 1))
        case .openEditor:
            guard focus == .request, requestTab == .body else { return [] }
            editor.isEditingBody = false
            return [.editBody(editor.body.text)]
        case .commit:
            editor.isEditingBody = false
        case .newline, .cursorLeft, .cursorRight, .wordLeft, .wordRight, .lineStart, .lineEnd,
            .deleteBackward, .deleteForward, .deleteWordBackward, .deleteToStart:
            editText(.apply(action))
        case .expandAll, .expandLevel, .collapseLevel, .collapseAll, .search, .nextMatch, .previousMatch, .jump, .togglePretty,
            .prettyPrint,
            .assertNode, .captureNode:
            return performResponseView(action)
        case .addChildRow, .indentRow, .outdentRow, .cycleArrayStyle, .toggleKeyOrder, .cycleParamPlacement, .palette, .chooseBodyFile,
            .toggleSidebar, .save, .nextEnvironment, .rename, .duplicate, .history, .importFile, .cookies, .clearCookies,
            .moveRowUp, .moveRowDown, .showBodyHex, .complete, .toggleGraphQL, .editVariables, .fetchGraphQLSchema,
            .editOperationName, .toggleGraphQLGET, .widenSidebar, .narrowSidebar:
            break
        case .getToken, .refreshToken:
            notice = "OAuth 2.0 tokens are had in the Auth tab"
        case .copyValue, .copyPath, .copyBody, .copyAsCurl, .copyAsHTTPie:
            return copy(action)
        case .composeMessage:
            composeMessage()
        case .toggleStreaming:
            response.forcesStream.toggle()
            notice =
                response.forcesStream
                ? "every response streams into the Events tab as it arrives (L: only streams)"
                : "only streams (server-sent events, NDJSON) go to the Events tab"
        case .zoom:
            guard focus == .request || focus == .response else { return [] }
            isZoomed.toggle()
        }
        return []
    }

    mutating func send() -> [Effect] {
        guard !exchange.isSending else {
            notice = "a request is already in flight (Esc cancels it)"
            return []
        }
        guard events.webSocket.map({ $0.phase == .closed }) ?? true else {
            notice = "the WebSocket is still open (Esc closes it)"
            return []
        }
        do {
            let effects = startSending(try makeRequest())
            collection.chained = []
            notice = collection.chainNotice
            return effects
        } catch FerryError.invalidRequest(.unresolvedVariable(let name, _)) where chain(named: name) != nil {
            let chain = chain(named: name)!
            notice = "sending \(chain.request) for {{\(name)}}…"
            return [.takeChainedVariable(chain, variables: collection.variables + collection.captured, environment: collection.environment)]
        } catch {
            collection.chained = []
            collection.chainNotice = nil
            exchange = .failed(ErrorChain(error), elapsed: 0)
            response.show(failed: true)
            return []
        }
    }

    /// Sends `request` as the editor's; a GraphQL answer's `errors` join its chain. With a
    /// `schemaEndpoint` the answer is also read as that endpoint's schema.
    mutating func startSending(_ request: ResolvedRequest, schemaEndpoint: String? = nil) -> [Effect] {
        let id = nextRequestID
        nextRequestID += 1
        exchange = .sending(id: id, progress: nil, elapsed: 0)
        events = EventsPane()
        if response.tab == .events { response.tab = .tree }
        notice = nil
        var expectations = editor.expectations
        expectations.readsGraphQLErrors = editor.graphQL != nil
        let checks = schemaEndpoint == nil ? renderedChecks() : ResponseChecks()
        var outgoing = OutgoingRequest(
            resolved: request, expectations: expectations, checks: checks, requestPath: collection.openRequest?.path,
            environment: collection.environment, schemaEndpoint: schemaEndpoint)
        outgoing.forcesStream = response.forcesStream && schemaEndpoint == nil
        return [request.request.isWebSocket ? .openWebSocket(id: id, outgoing) : .send(id: id, outgoing)]
    }

    private mutating func quit() -> [Effect] {
        isQuitting = true
        if case .sending(let id, _, _) = exchange { return [.cancel(id: id), .quit] }
        if let id = openWebSocketID { return [.closeWebSocket(id: id), .quit] }
        return [.quit]
    }

    // MARK: - Editing

    /// Applies `change` to the text being edited: a row edit, the URL, or the body.
    mutating func editText(_ change: TextChange) {
        if overlays.palette != nil {
            overlays.palette!.edit(change)
        } else if response.views.prompt != nil {
            response.views.prompt!.field.edit(change)
        } else if editor.lineEdit != nil {
            // A completed header name ends in `: `; a colon typed after it out of habit takes the
            // place of that one, so `: value` typed or pasted gives `Name: value`.
            let field = editor.lineEdit!.field
            if case .header = editor.lineEdit!.target, case .insert(let text) = change, text.hasPrefix(":"),
                field.cursor == field.text.count, field.text.hasSuffix(": ")
            {
                editor.lineEdit!.field = TextField(String(field.text.dropLast()))
                editor.lineEdit!.field.insert(String(text.dropFirst()))
                return
            }
            editor.lineEdit!.field.edit(change)
        } else if focus == .url {
            editor.url.edit(change)
        } else if context == .body {
            editedBody.edit(change)
        }
    }

    private mutating func startEdit() {
        switch (focus, requestTab) {
        case (.method, _): cycleMethod(by: 1)
        case (.request, .headers):
            guard editor.headers.indices.contains(editor.headerSelection) else {
                _ = perform(.addRow, in: .browse)
                return
            }
            editor.lineEdit = LineEdit(target: .header(editor.headerSelection), text: editor.headers[editor.headerSelection].line)
        case (.request, .body): editor.isEditingBody = true
        case (.request, .expect):
            guard editor.checks.indices.contains(editor.checkSelection) else {
                _ = perform(.addRow, in: .browse)
                return
            }
            editor.lineEdit = LineEdit(target: .check(editor.checkSelection), text: editor.checks[editor.checkSelection])
        case (.response, _) where response.tab == .errors: jumpToErrorOffset()
        case (.request, .options):
            if editor.optionSelection.isText {
                editor.lineEdit = LineEdit(target: .option(editor.optionSelection), text: editor.optionSelection.editText(in: editor))
            } else {
                editor.optionSelection.toggle(&editor)
            }
        default: break
        }
    }

    private mutating func commitLineEdit() {
        guard let edit = editor.lineEdit else { return }
        switch edit.target {
        case .header(let index):
            let text = edit.field.text
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                if edit.isNewRow { editor.headers.remove(at: index) }
                editor.headerSelection = max(0, min(editor.headerSelection, editor.headers.count - 1))
            } else {
                editor.headers[index] = HeaderRow(line: text, enabled: editor.headers[index].enabled)
            }
        case .param(let index):
            if edit.isNewRow, edit.field.text.trimmingCharacters(in: .whitespaces).isEmpty {
                editor.params.deleteSelected()
            } else {
                editor.params.rows[index].set(line: edit.field.text)
            }
        case .part(let index):
            commitPartEdit(index, text: edit.field.text, isNewRow: edit.isNewRow)
        case .check(let index):
            guard commitCheckEdit(index, text: edit.field.text, isNewRow: edit.isNewRow) else { return }
        case .auth(let field):
            field.set(edit.field.text, in: &editor.auth)
        case .option(let row):
            if let problem = row.set(edit.field.text, in: &editor) {
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
        editor.lineEdit = nil
    }

    private mutating func dropLineEdit() {
        if case .header(let index)? = editor.lineEdit?.target, editor.lineEdit?.isNewRow == true {
            editor.headers.remove(at: index)
            editor.headerSelection = max(0, min(editor.headerSelection, editor.headers.count - 1))
        }
        if case .param? = editor.lineEdit?.target, editor.lineEdit?.isNewRow == true { editor.params.deleteSelected() }
        if case .part(let index)? = editor.lineEdit?.target, editor.lineEdit?.isNewRow == true {
            commitPartEdit(index, text: "", isNewRow: true)
        }
        if case .check(let index)? = editor.lineEdit?.target, editor.lineEdit?.isNewRow == true {
            _ = commitCheckEdit(index, text: "", isNewRow: true)
        }
        editor.lineEdit = nil
    }

    private mutating func toggleRow() {
        guard focus == .request else { return }
        switch requestTab {
        case .headers where editor.headers.indices.contains(editor.headerSelection): editor.headers[editor.headerSelection].enabled.toggle()
        case .options where !editor.optionSelection.isText: editor.optionSelection.toggle(&editor)
        default: break
        }
    }

    // MARK: - Navigation

    private mutating func switchTab(by offset: Int) {
        switch focus {
        case .request:
            requestTab = requestTab.cycled(by: offset)
            editor.isEditingBody = false
        case .response: cycleResponseTab(by: offset)
        case .method: cycleMethod(by: offset)
        case .url, .sidebar: break
        }
    }

    private mutating func cycleMethod(by offset: Int) {
        let methods = RequestEditor.methods
        let index = methods.firstIndex(of: editor.method) ?? 0
        editor.method = methods[((index + offset) % methods.count + methods.count) % methods.count]
    }

    /// Changes the Tree tab's state of the finished response.
    /// Shows a response: every tab anew, the tree opened as deep as fits its pane, and the focus on
    /// the response when it was in the URL field (so keys browse it instead of typing).
    mutating func present(_ summary: ResponseSummary) {
        exchange = .finished(summary)
        response.show(failed: false)
        let rows = layout.responseBody.height
        editTree { $0.expandToFit(rows) }
        if focus == .url { focus = .response }
    }

    mutating func editTree(_ change: (inout DocumentTree) -> Void) {
        guard case .finished(var summary) = exchange else { return }
        // Let go of the stored copy first, so the rows are changed in place rather than copied.
        exchange = .idle
        change(&summary.tree)
        exchange = .finished(summary)
    }

    /// How many rows a movement key moves by, `page` rows a page; top and bottom go far enough to be clamped.
    static func delta(of action: Action, page: Int) -> Int {
        switch action {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .top: -Int.max / 2
        default: Int.max / 2
        }
    }

    private mutating func move(_ action: Action) {
        let delta = Self.delta(of: action, page: max(1, layout.responseBody.height - 1))
        switch focus {
        case .method: cycleMethod(by: delta.signum())
        case .request where requestTab == .headers:
            editor.headerSelection = max(0, min(editor.headers.count - 1, editor.headerSelection.addingClamped(delta)))
        case .request where requestTab == .expect:
            editor.checkSelection = max(0, min(editor.checks.count - 1, editor.checkSelection.addingClamped(delta)))
        case .request where requestTab == .options:
            let index = max(0, min(OptionRow.allCases.count - 1, editor.optionSelection.rawValue.addingClamped(delta)))
            editor.optionSelection = OptionRow(rawValue: index)!
        case .response where response.tab == .tree:
            editTree { $0.move(by: delta) }
        case .response where response.tab == .events:
            events.move(by: delta)
        case .response:
            let current = min(response.scroll[response.tab] ?? 0, ResponsePaneView.maxScroll(self))
            response.scroll[response.tab] = max(0, min(ResponsePaneView.maxScroll(self), current.addingClamped(delta)))
        default: break
        }
    }
}

extension Int {
    /// Addition that stops at the bounds of Int instead of trapping.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
