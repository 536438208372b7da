import FerryCore

extension AppState {
    /// Applies `message` and returns the work the runtime must do. The only way the state changes.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            return handle(key) + response.afterKey(exchange: shell.exchange)
        case .paste(let text):
            // A curl command pasted into the URL field becomes the whole request, as Posting does.
            if focus == .url, context == .line, overlays.palette == nil, overlays.form == nil, collection.pathPrompt == nil,
                response.views.prompt == nil,
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
            let captures = summary.checks.flatMap { collection.keepCaptures($0) }
            notice = [collection.sendNotice, captures].compactMap { $0 }.joined(separator: "; ")
            if notice?.isEmpty == true { notice = nil }
            collection.sendNotice = nil
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
            collection.sendNotice = nil
            notice = transportSettingsInForce
            if let notice { chain.links.append(ErrorLink(stage: "options", reason: "settingsInForce", message: notice)) }
            exchange = .failed(chain, elapsed: elapsed)
            response.show(failed: true)
            focusArrivingResponse()
        case .editorClosed(let text, let notice):
            if let text { editor.body = TextArea(text.hasSuffix("\n") ? String(text.dropLast()) : text) }
            self.notice = notice
        case .scriptEditorClosed(let phase, let text, let notice):
            if let text { editor.setScript(text, for: phase) }
            self.notice = notice
        case .notice(let text):
            notice = text
        case .searchFinished(let result):
            response.searchFinished(result, shell: &shell)
        case .mouse(let event):
            return handle(event)
        case .themeLoaded(let theme):
            self.theme = theme
            notice = "theme: \(theme.name)"
        case .sheet(let sheet):
            overlays.sheet = sheet
        case .cookiesLoaded(let jar, let path, let environment):
            overlays.cookies = CookieEditor(path: path, environment: environment, cookies: jar.cookies)
        case .collectionLoaded(let items, let environments, let changed):
            collectionLoaded(items, environments: environments, changed: changed)
        case .requestSaved(let path, let request):
            return requestSaved(path: path, request)
        case .historyListed(let rows):
            history?.listed(rows)
        case .historyEntryLoaded(let request, let response, let replay):
            return historyEntryLoaded(request, response, replay: replay)
        case .graphQLSchemaLoaded(let endpoint, let schema):
            editor.schemaLoaded(endpoint: endpoint, schema, collection: collection, notice: &shell.notice)
        case .grpcSchemaLoaded(let server, let outline):
            editor.grpcSchemaLoaded(server: server, outline, notice: &shell.notice)
        case .historyDiff(let lines):
            history?.show(diff: lines)
        case .lastRecordedFound(let path, let row):
            if collection.openRequest?.path == path, exchange == .idle { collection.lastRecorded = row }
        case .recordedResponseLoaded(let summary):
            guard exchange == .idle else { return [] }  // something was sent meanwhile
            collection.lastRecorded = nil
            present(summary)
        case .fileOperationDone(let operation):
            return collection.fileOperationDone(operation, notice: &shell.notice)
        case .environmentLoaded(let name, let variables, let chains, let connection):
            collection.environmentLoaded(name, variables, chains: chains, connection: connection, notice: &shell.notice)
        case .chainedVariableTaken(let variable, let sent):
            collection.chainedVariableTaken(variable, sent: sent)
            return send()
        case .chainFailed(let chain):
            collection.chained = []
            collection.sendNotice = nil
            exchange = .failed(chain, elapsed: 0)
            response.show(failed: true)
        case .copied(let text, let what):
            showCopied(text, what: what)
        case .loadProgressed(let id, let snapshot): loadProgressed(id: id, snapshot)
        case .loadFinished(let id, let result): loadFinished(id: id, result)
        case .loadFailed(let id, let why): loadFailed(id: id, why)
        case .mockStarted(let baseURL, let routes, let warnings): mockStarted(baseURL: baseURL, routes: routes, warnings: warnings)
        case .mockHits(let hits): mock?.hitsArrived(hits)
        case .mockStopped: mock?.phase = .stopped
        case .mockFailed(let why):
            mock?.phase = .failed(why)
            notice = "✗ mock: " + why
        case .terminate(let reason):
            termination = reason
            return quit()
        }
        return []
    }

    // MARK: - Keys

    /// Routes a key: what is over the screen or waits for an answer takes it first, then a line
    /// being typed, then `perform` gives its action to the focused room.
    private mutating func handle(_ key: Key) -> [Effect] {
        let context = self.context
        let action = keymap.action(for: key, in: context)
        if overlays.showHelp {
            let lines = HelpOverlay.lines(for: self).count
            let shown = max(1, HelpOverlay.box(lines: lines, in: overlayArea).height - 2)
            overlays.handleHelp(action, page: shown, lastTop: max(0, lines - shown))
            return []
        }
        if let effects = collection.answerDelete(key, notice: &shell.notice) { return effects }
        if let effects = answerOverwrite(key) { return effects }
        if let effects = answerUnsavedEdits(key) { return effects }
        if let effects = answerOutsideFiles(key) { return effects }
        if history != nil {
            guard let effects = history!.handle(key, action, page: max(1, height - 6), notice: &shell.notice) else {
                history = nil
                return []
            }
            return effects
        }
        if overlays.palette != nil { return handlePalette(key, action) }
        if overlays.cookies != nil { return overlays.handleCookies(key, url: editor.url.text, notice: &shell.notice) }
        if overlays.sheet != nil {
            overlays.handleSheet(action, page: max(1, height - 4))
            return []
        }
        if overlays.form != nil { return handleForm(key, action) }
        if load != nil { return handleLoad(action) }
        if mock?.isShown == true { return handleMock(action, page: max(1, height - 10)) }
        if context == .line, let effects = collection.handleLine(action, focus: shell.focus, editor: editor, notice: &shell.notice) {
            return effects
        }
        guard let action else {
            if context != .browse, case .character(let c) = key, !collection.insert(String(c), focus: shell.focus) {
                editText(.insert(String(c)))
            }
            return []
        }
        if context == .line, editor.lineEdit != nil {
            if action == .send {
                // Enter keeps the row; the send key (Ctrl-R) keeps it and sends what is on screen.
                editor.commitLineEdit(notice: &shell.notice)
                let isEnter = keymap.bindings.contains { $0.key == key && $0.context == .line && $0.action == .send }
                return isEnter || editor.lineEdit != nil ? [] : send()
            }
            if action == .cancel {
                editor.dropLineEdit()
                return []
            }
        }
        if context == .line, response.views.prompt != nil {
            switch action {
            case .send: return commitPrompt()
            case .cancel: response.cancelPrompt()
            case .quit, .suspend, .help: return perform(action, in: context)
            default: editText(.apply(action))
            }
            return []
        }
        if viewerTitle != nil, action.isRequestSide { return [] }
        return perform(action, in: context)
    }

    /// Carries out an action: the focused room's, or else one that means the same wherever the focus is.
    mutating func perform(_ action: Action, in context: KeyContext) -> [Effect] {
        performInFocusedRoom(action, in: context) ?? performAnywhere(action)
    }

    /// The focused room's answer to an action; nil when the action is none of its own.
    private mutating func performInFocusedRoom(_ action: Action, in context: KeyContext) -> [Effect]? {
        let page = max(1, layout.responseBody.height - 1)
        switch shell.focus {
        case .sidebar:
            guard isSidebarShown else { return nil }
            // Opening a file loads it into the editor, which spans the rooms.
            if action == .edit || action == .expandNode, case .item(let index, _)? = collection.sidebar!.selectedRow {
                return openItem(at: index)
            }
            return collection.performInSidebar(action, width: width, page: max(1, layout.sidebar.height - 3), notice: &shell.notice)
        case .method, .url, .request:
            // A schema fetch starts an exchange, which spans the rooms.
            if action == .fetchGraphQLSchema, shell.focus == .request, editor.tab == .body, editor.graphQL != nil { return fetchSchema() }
            return editor.perform(action, in: context, focus: shell.focus, page: page, collection: collection, notice: &shell.notice)
        case .response:
            // The Events tab's list is the events room's.
            if response.tab == .events, action.rowStep != nil {
                events.move(by: action.delta(page: page))
                return []
            }
            let maxScroll = action.rowStep != nil && response.tab != .tree ? ResponsePaneView.maxScroll(self) : 0
            return response.perform(action, tabs: responseTabs, page: page, maxScroll: maxScroll, shell: &shell)
        }
    }

    /// The actions that mean the same wherever the focus is; those of a room without the focus do nothing.
    private mutating func performAnywhere(_ action: Action) -> [Effect] {
        switch action {
        case .send: return send()
        case .cancel:
            if events.openWebSocketID != nil { return events.closeWebSocket(notice: &shell.notice) }
            if case .sending(let id, _, _) = exchange {
                notice = "cancelling…"
                return [.cancel(id: id)]
            }
            if focus == .url { focus = .response }  // Esc always leaves a text field
            if focus == .response, response.tab == .tree, let filter = exchange.summary?.tree.filter {
                shell.editTree { $0.clearFilter() }
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
        case .nextExample, .previousExample: return stepExample(by: action == .nextExample ? 1 : -1)
        case .nextMethod, .previousMethod: editor.cycleMethod(by: action == .nextMethod ? 1 : -1)
        case .expandNode:
            // On a filter's match, Enter offers what to do with it: keep it as a check, or open it.
            if let tree = exchange.summary?.tree, tree.rows.indices.contains(tree.selection), tree.isFilterRoot(tree.selection),
                !tree.isExpanded(tree.selection)
            {
                overlays.palette = CommandPalette(choices: [.assertNode, .captureNode, .expandNode])
            } else {
                shell.editTree { $0.expand() }
            }
        case .collapseNode: shell.editTree { $0.collapse() }
        case .toggleWrap: response.wrap.toggle()
        case .commit: editor.isEditingBody = false
        case .newline, .cursorLeft, .cursorRight, .wordLeft, .wordRight, .lineStart, .lineEnd,
            .deleteBackward, .deleteForward, .deleteWordBackward, .deleteToStart:
            editText(.apply(action))
        case .expandAll, .expandLevel, .collapseLevel, .collapseAll, .nextMatch, .previousMatch, .togglePretty, .prettyPrint:
            response.performView(action, shell: &shell)
        case .search, .jump: notice = ResponsePane.searchAndJumpWhere
        case .assertNode, .captureNode: addCheck(for: action)
        case .toggleSidebar: toggleSidebar()
        case .save: return save()
        case .showLastRecorded:
            guard let row = collection.lastRecorded, exchange == .idle else {
                notice = "no recorded response to show: the history holds none for this file, or one is shown"
                return []
            }
            return [.showRecordedResponse(row)]
        case .history:
            guard viewerTitle == nil else { return [] }
            history = HistoryPane()
            return [.searchHistory("")]
        case .cookies: return viewerTitle == nil ? [.showCookies(environment: collection.environment)] : []
        case .clearCookies: return viewerTitle == nil ? [.clearCookies(environment: collection.environment)] : []
        case .importFile: if viewerTitle == nil { collection.askImportPath() }
        case .nextEnvironment: return collection.nextEnvironment(notice: &shell.notice)
        case .palette: overlays.palette = CommandPalette()
        case .complete where shell.focus == .url && editor.grpcURL != nil:
            return editor.completeGRPCMethod(collection: collection, notice: &shell.notice)
        case .complete: editor.completeHeader()
        case .getToken, .refreshToken: notice = "OAuth 2.0 tokens are had in the Auth tab"
        case .loadTest: openLoadForm()
        case .mockServer: openMock()
        case .copyValue, .copyPath, .copyBody, .copyAsCurl, .copyAsHTTPie: return copy(action)
        case .saveResponse:
            guard let summary = exchange.summary, let bytes = summary.bytes else {
                notice = "no response body to save"
                return []
            }
            collection.pathPrompt = PathPrompt(
                .saveResponse(bytes), path: ResponseFileName.proposed(contentType: summary.headers["Content-Type"]))
        case .composeMessage: composeMessage()
        case .toggleStreaming:
            response.forcesStream.toggle()
            notice =
                response.forcesStream
                ? "every response streams into the Events tab as it arrives (L: only streams)"
                : "only streams (server-sent events, NDJSON) go to the Events tab"
        case .zoom:
            guard focus == .request || focus == .response else { return [] }
            isZoomed.toggle()
        case .nextTab, .previousTab, .up, .down, .pageUp, .pageDown, .top, .bottom, .edit, .toggleRow, .addRow, .deleteRow, .openEditor,
            .addChildRow, .indentRow, .outdentRow, .cycleArrayStyle, .toggleKeyOrder, .cycleParamPlacement, .chooseBodyFile, .moveRowUp,
            .moveRowDown, .showBodyHex, .toggleGraphQL, .editVariables, .fetchGraphQLSchema, .editOperationName, .toggleGraphQLGET,
            .rename, .duplicate, .widenSidebar, .narrowSidebar, .toggleMock, .pointAtMock:
            break
        }
        return []
    }

    /// F2 and F3: the next or previous prepared request (`ferry demo`) into the editor.
    private mutating func stepExample(by step: Int) -> [Effect] {
        guard !collection.examples.isEmpty else {
            notice = "no prepared requests here (try ferry demo)"
            return []
        }
        if asksAboutUnsavedEdits(before: .action(step > 0 ? .nextExample : .previousExample)) { return [] }
        let count = collection.examples.count
        let index = collection.exampleIndex.map { (($0 + step) % count + count) % count } ?? (step > 0 ? 0 : count - 1)
        collection.exampleIndex = index
        // An example is no file of the collection: Ctrl-S asks where to save it.
        load(collection.examples[index], file: nil)
        // A prepared request is looked at before it is typed into: digits pick panes (DECISIONS.md).
        if focus == .url { focus = .request }
        notice = "example \(index + 1)/\(count): \(collection.examples[index].title)"
        return []
    }

    // MARK: - Sending

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
            let scripted = try scriptedRequest()
            let effects = try scripted.map { startSending($0) } ?? startSending(try makeRequest())
            collection.chained = []
            notice = collection.sendNotice
            return effects
        } catch FerryError.invalidRequest(.unresolvedVariable(let name, _)) where chain(named: name) != nil {
            let chain = chain(named: name)!
            notice = "sending \(chain.request) for {{\(name)}}…"
            return [.takeChainedVariable(chain, variables: collection.variables + collection.captured, environment: collection.environment)]
        } catch {
            let outside = outsideFiles()
            guard outside.isEmpty else {
                // Refused for reading files outside the collection: the user may allow exactly those, once.
                let question = OutsideFilesQuestion(paths: outside)
                collection.outsideFilesQuestion = question
                notice = question.prompt
                return []
            }
            collection.chained = []
            collection.sendNotice = nil
            exchange = .failed(ErrorChain(error), elapsed: 0)
            response.show(failed: true)
            return []
        }
    }

    /// The files outside the collection the editor's request would read, were its boundary lifted;
    /// empty when it reads none, or when it cannot be made for another reason.
    private func outsideFiles() -> [String] {
        guard let access = collection.fileAccess, let files = try? makeRequest(access: nil).files else { return [] }
        return access.outside(files)
    }

    /// The answer to the outside-files question: `y` sends the request with exactly those paths
    /// allowed, this once; any other key sends nothing. Nil when nothing was asked.
    mutating func answerOutsideFiles(_ key: Key) -> [Effect]? {
        guard let question = collection.outsideFilesQuestion else { return nil }
        collection.outsideFilesQuestion = nil
        guard key == .character("y"), var access = collection.fileAccess else {
            notice = "nothing was sent: the files stay unread"
            return []
        }
        access.allowed += question.paths
        do {
            return startSending(try makeRequest(access: access))
        } catch {
            exchange = .failed(ErrorChain(error), elapsed: 0)
            response.show(failed: true)
            return []
        }
    }

    /// Sends `request` as the editor's; a GraphQL answer's `errors` join its chain. With a
    /// `schemaEndpoint` the answer is also read as that endpoint's schema.
    mutating func startSending(_ request: ResolvedRequest, schemaEndpoint: String? = nil) -> [Effect] {
        let id = beginExchange()
        var expectations = editor.expectations
        expectations.readsGraphQLErrors = editor.graphQL != nil
        let checks =
            schemaEndpoint == nil
            ? editor.renderedChecks(with: collection.variables + collection.chained + collection.captured) : ResponseChecks()
        var outgoing = OutgoingRequest(
            resolved: request, expectations: expectations, checks: checks, requestPath: collection.openRequest?.path,
            environment: collection.environment, schemaEndpoint: schemaEndpoint)
        outgoing.forcesStream = response.forcesStream && schemaEndpoint == nil
        if schemaEndpoint == nil, let description = try? editor.description(),
            !description.scripts.isEmpty || editor.source.defaults.scripts.contains(where: { !$0.isEmpty })
        {
            var scripted = editor.source
            scripted.description = description
            outgoing.scripted = scripted
            outgoing.variables = collection.variables + collection.chained + collection.captured
        }
        return [request.request.isWebSocket ? .openWebSocket(id: id, outgoing) : .send(id: id, outgoing)]
    }

    /// Sends the editor's request after its pre-request scripts have run.
    private mutating func startSending(_ scripted: ScriptedRequest) -> [Effect] {
        [.sendScripted(id: beginExchange(), scripted)]
    }

    /// The editor's request for `.sendScripted` when it or its folders have a pre-request script
    /// (and it is not a WebSocket's); nil when none has. Throws what `makeRequest` would for a
    /// request the editor cannot show whole.
    private func scriptedRequest() throws -> ScriptedRequest? {
        let description = try editor.description()
        let scripts = [description.scripts] + editor.source.defaults.scripts
        guard scripts.contains(where: { $0.preRequest != nil }), !description.url.lowercased().hasPrefix("ws") else { return nil }
        guard editor.omitted.isEmpty else {
            _ = try makeRequest()
            return nil
        }
        var source = editor.source
        source.description = description
        var expectations = editor.expectations
        expectations.readsGraphQLErrors = editor.graphQL != nil
        var scripted = ScriptedRequest(
            source: source, defaults: editor.source.defaults.under(environment: collection.connection),
            access: collection.fileAccess ?? .unbounded(directory: editor.source.root),
            variables: collection.variables + collection.chained + collection.captured, expectations: expectations,
            requestPath: collection.openRequest?.path, environment: collection.environment)
        scripted.forcesStream = response.forcesStream
        return scripted
    }

    /// A new exchange on its way: its id, the response area ready for it.
    private mutating func beginExchange() -> Int {
        let id = nextRequestID
        nextRequestID += 1
        exchange = .sending(id: id, progress: nil, elapsed: 0)
        events = EventsPane()
        if response.tab == .events { response.tab = .tree }
        notice = nil
        return id
    }

    /// `S` in a GraphQL body: the endpoint's schema, fetched by introspection, is the exchange shown.
    private mutating func fetchSchema() -> [Effect] {
        do {
            let request = try editor.introspectionRequest(in: collection)
            return startSending(request, schemaEndpoint: request.request.graphQLEndpoint)
        } catch {
            notice = ErrorChain.oneLine(error)
            return []
        }
    }

    private mutating func quit() -> [Effect] {
        isQuitting = true
        if case .sending(let id, _, _) = exchange { return [.cancel(id: id), .quit] }
        if let id = events.openWebSocketID { return [.closeWebSocket(id: id), .quit] }
        return [.quit]
    }

    // MARK: - Text

    /// Applies `change` to the text being typed: the palette's query, the response views' prompt,
    /// or the editor's row, URL or body.
    mutating func editText(_ change: TextChange) {
        let context = self.context
        if overlays.palette != nil {
            overlays.palette!.edit(change)
        } else if overlays.form != nil {
            overlays.form!.edit(change)
        } else if response.views.prompt != nil {
            response.views.prompt!.field.edit(change)
        } else {
            editor.edit(change, focus: shell.focus, context: context)
        }
    }

    /// Enter in the response views' prompt: a WebSocket message goes; a search, path or offset is the views' own.
    private mutating func commitPrompt() -> [Effect] {
        guard let prompt = response.views.prompt else { return [] }
        if prompt.kind == .message { return sendComposed(prompt.field.text) }
        response.commitPrompt(shell: &shell)
        return []
    }

    // MARK: - Across rooms

    /// Moves the focus to the next pane shown, skipping a hidden sidebar.
    mutating func focusPane(by offset: Int) {
        focus = focus.cycled(by: offset)
        if focus == .sidebar, !isSidebarShown { focus = focus.cycled(by: offset) }
    }

    /// Shows a response: every tab anew, the tree opened as deep as fits its pane, and the focus on it.
    mutating func present(_ summary: ResponseSummary) {
        exchange = .finished(summary)
        response.show(failed: false)
        let rows = layout.responseBody.height
        shell.editTree { $0.expandToFit(rows) }
        focusArrivingResponse()
    }

    /// A response, its failure or its stream takes the focus from the URL field or the request tabs,
    /// where the send came from (so keys browse it instead of typing); not from the Body tab, where a
    /// body (or a GraphQL query, its schema fetched) is composed over several sends.
    mutating func focusArrivingResponse() {
        if focus == .url || focus == .request && requestTab != .body { focus = .response }
    }

    /// A recorded exchange arrived: its request goes into the editor, its response into the response
    /// views (or, for a replay, the request is sent again).
    private mutating func historyEntryLoaded(_ request: RequestSource, _ summary: ResponseSummary?, replay: Bool) -> [Effect] {
        history = nil
        if asksAboutUnsavedEdits(before: .message(.historyEntryLoaded(request, summary, replay: replay))) { return [] }
        load(request, file: nil)
        if replay {
            collection.sendNotice = "sent again: \(request.title)"
            return perform(.send, in: .browse)
        }
        // An open WebSocket is closed: its messages would have nowhere to go.
        let closing = events.closeWebSocket(notice: &shell.notice)
        events = EventsPane()
        if response.tab == .events { response.tab = .tree }
        response.show(failed: false)
        if let summary {
            present(summary)
            notice = "recorded exchange: \(request.title)"
        } else {
            exchange = .idle
            notice = "recorded exchange \(request.title): no response was recorded"
        }
        return closing
    }

    /// `a` and `c` in the Tree: the selected node becomes an Expect line of the editor, an assertion
    /// of its value (`$.items count == 3` for a container) or a capture named after its key.
    private mutating func addCheck(for action: Action) {
        guard let tree = exchange.summary?.tree, let document = tree.document, let node = tree.selectedNode else {
            notice = "select a node of the Tree first"
            return
        }
        let path = NodePath.path(of: node, in: document)
        let line: CheckLine
        if action == .captureNode {
            let key = document.key(of: node) ?? document.name(of: node) ?? "value"
            let name = String(key.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
            line = .capture(Capture(name: name.isEmpty ? "value" : name, source: .body(path: path)))
        } else {
            let predicate: Assertion.Predicate =
                switch ResponseFacts.value(of: node, in: document) {
                case .array(let count, _), .object(let count, _): .count(.compare(.equal, .number(String(count))))
                case .nodes(let values): .count(.compare(.equal, .number(String(values.count))))
                case .string(let text), .text(let text): .compare(.equal, .string(text))
                case .number(let text): .compare(.equal, .number(text))
                case .bool(let value): .compare(.equal, .bool(value))
                case .null: .isKind(.null)
                case .missing, .bytes, .date: .exists(true)
                }
            line = .assertion(Assertion(.body(path: path), predicate))
        }
        editor.addCheck(line)
        notice = "added to Expect: \(line.text)"
    }
}

extension Int {
    /// Addition that stops at the bounds of Int instead of trapping.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
