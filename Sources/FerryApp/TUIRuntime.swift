import FerryCore
import FerrySession
import FerryStore
import FerryTUI
import FerryTerminal
import Foundation

/// The loop: reads terminal events and posted messages, updates the state, runs effects, paints.
///
/// Sending and preparing responses run in tasks off this thread; results come back through the inbox.
final class TUIRuntime {
    private var state: AppState
    private let terminal: any Terminal
    /// Every exchange goes through these: cookies, credentials, the transport.
    private let pipelines: ExchangePipelines
    /// The collection whose cookie jars and tokens the exchanges use (nil: the ad-hoc ones).
    private let cookieCollection: String?
    private let inbox: MessageInbox
    private let trace: FrameTrace
    private let themes: ThemeLoader?
    /// The history pane's searches and recorded exchanges.
    private let historyBrowser: HistoryBrowser?
    /// The cookie jars each exchange is sent with and brings back, which the cookie sheet shows.
    private var cookies: CookieJarStore { pipelines.cookies(collection: cookieCollection) }
    /// The jar edits and clears of the cookie sheet, written one after another in the order they were
    /// made: as detached tasks, an earlier jar could land after a later one and undo the last edit.
    private let cookieWrites = DispatchQueue(label: "ferry.cookie-sheet-writes")
    /// The collection the sidebar shows, saves go to and environments come from.
    private let workspace: CollectionWorkspace?
    /// GraphQL schemas fetched by introspection, per endpoint.
    private let schemaCache: GraphQLSchemaCache?
    /// Each environment's chained variables and the values taken this session (by environment name).
    private var chainers: [String: VariableChainer] = [:]
    /// When the collection's files were last checked for changes by other programs.
    private var lastFileCheck = ContinuousClock.now
    /// How many hex dump rows of a request body the overlay shows (1 MiB).
    private static let bodyHexRows = 65_536
    private var previous: Canvas?
    private var transfers: [Int: Task<Void, Never>] = [:]
    /// The TUI's WebSockets, by the id of the request that opened them.
    private var webSockets: [Int: WebSocketRelay] = [:]
    private var searchTask: Task<Void, Never>?
    private var sendStarted: [Int: ContinuousClock.Instant] = [:]
    private var signalSources: [any DispatchSourceSignal] = []
    /// When the elapsed time shown for a request in flight was last updated.
    private var lastTick = ContinuousClock.now

    /// Exchanges go over `transport` with the tokens and cookie jars of `cookieCollection` in
    /// `locations`, and are recorded in its history when `recordsHistory`; what the user must know of
    /// them (a URL to authorize at, a history that could not be written) goes to the status line.
    init(
        state: AppState, terminal: any Terminal, transport: any Transport, locations: StoreLocations, cookieCollection: String?,
        browser: SystemBrowser = SystemBrowser(environment: [:]), tracePath: String?, ready: ContinuousClock.Instant = .now,
        recordsHistory: Bool = false, themes: ThemeLoader? = nil, workspace: CollectionWorkspace? = nil,
        historyBrowser: HistoryBrowser? = nil, schemaCache: GraphQLSchemaCache? = nil
    ) {
        self.state = state
        self.terminal = terminal
        let inbox = MessageInbox(wakeUp: terminal.wakeUp)
        self.inbox = inbox
        // Rows are written at once (no batching): the history pane shows an exchange as soon as it ends.
        let history =
            recordsHistory ? HistoryWriter(locations: locations, delay: .seconds(0), onProblem: { inbox.post(.notice($0.message)) }) : nil
        pipelines = ExchangePipelines(
            transport: transport, locations: locations, history: history, browser: browser, notify: { inbox.post(.notice($0)) },
            onCookieProblem: { inbox.post(.notice("✗ the cookies were not kept: " + ErrorChain($0).line)) })
        self.cookieCollection = cookieCollection
        self.themes = themes
        self.workspace = workspace
        self.historyBrowser = historyBrowser
        self.schemaCache = schemaCache
        trace = FrameTrace(path: tracePath, ready: ready)
    }

    /// Runs until the user quits, a signal asks to or the terminal goes away; the terminal is restored
    /// when it returns the exit status (0 when the user quit).
    func run() -> Int32 {
        defer {
            stopWatchingSignals()
            terminal.stop()
        }
        watchSignals()
        let size = terminal.size
        _ = state.update(.resize(width: size.width, height: size.height))
        paint()
        // A large collection takes a while to read: the first frame does not wait for it.
        if state.collection.sidebar?.isLoaded == false { run(.reloadCollection) }
        while !state.isQuitting {
            var messages: [Message] = []
            // A posted message ends the wait at once (the inbox wakes the terminal); while a request is
            // in flight, its elapsed time is brought up to date every 100 ms.
            if let event = terminal.nextEvent(timeout: state.exchange.isSending ? 100 : 250) {
                if case .key = event { trace.keyReceived() }
                messages.append(event)
            }
            let arrived = inbox.drain()
            if arrived.contains(where: { if case .responseArrived = $0 { true } else { false } }) { trace.responseReceived() }
            messages += arrived
            checkFiles()
            if case .sending(let id, let progress, _) = state.exchange, let started = sendStarted[id],
                ContinuousClock.now - lastTick > .milliseconds(100)
            {
                lastTick = .now
                messages.append(
                    .progress(
                        id: id, progress ?? TransferProgress(uploaded: 0, uploadTotal: nil, downloaded: 0, downloadTotal: nil),
                        elapsed: secondsElapsed(since: started)))
            }
            for message in messages {
                for effect in state.update(message) { run(effect) }
            }
            if !messages.isEmpty { paint() }
        }
        for task in transfers.values { task.cancel() }
        searchTask?.cancel()
        _ = pipelines.history?.finish()  // the exchanges that ended are in the history before Ferry exits
        return state.termination?.exitStatus ?? 0
    }

    private func paint() {
        let canvas = Screen.render(state)
        guard canvas != previous else { return }
        terminal.draw(canvas, previous: previous)
        previous = canvas
        trace.painted()
    }

    // MARK: - Effects

    private func run(_ effect: Effect) {
        switch effect {
        case .send(let id, let outgoing):
            send(outgoing, id: id)
        case .cancel(let id):
            transfers[id]?.cancel()
        case .openWebSocket(let id, let outgoing):
            openWebSocket(outgoing, id: id)
        case .sendWebSocketMessage(let id, let message):
            webSockets[id]?.send(message)
        case .closeWebSocket(let id):
            webSockets[id]?.close()
        case .editBody(let text):
            editBody(text)
        case .search(let search):
            searchTask?.cancel()
            let inbox = self.inbox
            searchTask = Task.detached {
                let result = search.run()
                if !Task.isCancelled { inbox.post(.searchFinished(result)) }
            }
        case .suspend:
            terminal.suspend()
            kill(getpid(), SIGSTOP)
            terminal.resume()
            let size = terminal.size
            _ = state.update(.resize(width: size.width, height: size.height))
            previous = nil
        case .loadTheme(let name):
            loadTheme(name)
        case .showBodyHex(let request):
            showBodyHex(request)
        case .saveRequest(let path, let description, let isNew):
            inWorkspace { $0.save(description, to: path, isNew: isNew) }
        case .fileOperation(let operation):
            inWorkspace { $0.perform(operation) }
        case .importFile(let path):
            let inbox = self.inbox
            inWorkspace { workspace in
                let said = workspace.importFile(path)
                inbox.post(workspace.load())  // the sidebar shows what was written
                return said
            }
        case .searchHistory(let text):
            inHistory { $0.search(text) }
        case .openHistoryEntry(let id, let replay):
            inHistory { $0.entry(id: id, replay: replay) }
        case .diffHistory(let old, let new):
            inHistory { $0.diff(old: old, new: new) }
        case .reloadCollection:
            inWorkspace { $0.load() }
        case .loadEnvironment(let name):
            inWorkspace { $0.environment(name) }
        case .importCurl(let text):
            let root = state.editor.source.root
            inbox.answer { CurlBridge.importing(text, root: root) }
        case .copy(let clip):
            do {
                let (text, what) = try ClipWriter.text(of: clip)
                terminal.copyToClipboard(text)
                inbox.post(.copied(text, what: what))
            } catch {
                inbox.post(.notice("✗ " + ErrorChain(error).line))
            }
        case .loadGraphQLSchema(let endpoint):
            let cache = schemaCache
            inbox.answer {
                guard let cached = cache?.load(url: endpoint) else { return .notice("no schema of \(endpoint) is cached: S fetches it") }
                return .graphQLSchemaLoaded(endpoint: endpoint, cached.schema)
            }
        case .showCookies(let environment):
            let cookies = self.cookies
            inbox.answer {
                do {
                    return .cookiesLoaded(
                        try cookies.jar(environment: environment), path: cookies.path(environment: environment), environment: environment)
                } catch {
                    return .notice("✗ \(error)")
                }
            }
        case .storeCookies(let jar, let environment):
            let (cookies, inbox) = (self.cookies, self.inbox)
            cookieWrites.async {
                do {
                    try cookies.store(jar, environment: environment)
                    inbox.post(
                        .notice(
                            "\(jar.cookies.count) cookie\(jar.cookies.count == 1 ? "" : "s") kept in \(cookies.path(environment: environment))"
                        ))
                } catch {
                    inbox.post(.notice("✗ the cookies were not kept: " + ErrorChain(error).line))
                }
            }
        case .clearCookies(let environment):
            let (cookies, inbox) = (self.cookies, self.inbox)
            cookieWrites.async {
                do {
                    let count = try cookies.jar(environment: environment).cookies.count
                    try cookies.store(CookieJar(), environment: environment)
                    inbox.post(.notice("removed \(count) cookie\(count == 1 ? "" : "s") from \(cookies.path(environment: environment))"))
                } catch {
                    inbox.post(.notice("✗ " + ErrorChain(error).line))
                }
            }
        case .fetchOAuth2Token(let settings, let options, let environment, let refresh):
            let tokens = pipelines.pipeline(collection: cookieCollection, environment: environment).tokens
            inbox.answer {
                do {
                    let token = try await tokens.newToken(for: settings, refresh: refresh, options: options)
                    return .notice(
                        "✓ OAuth 2.0 token from \(settings.tokenURL)"
                            + (token.expiresAt.map { ", expires in \(Int($0.timeIntervalSinceNow.rounded())) s" } ?? "")
                            + (token.refreshToken == nil ? "" : ", with a refresh token") + "; cached for this environment")
                } catch {
                    return .notice("✗ " + ErrorChain(error).line)
                }
            }
        case .takeChainedVariable(let chain, let variables, let environment):
            guard let chainer = chainer(for: environment) else {
                _ = state.update(
                    .chainFailed(ErrorChain(FerryError.invalidRequest(reason: .unresolvedVariable(name: chain.name, place: "request")))))
                return
            }
            inbox.answer {
                do {
                    let (variable, sent) = try await chainer.value(of: chain, resolver: VariableResolver(variables))
                    let answer = sent.map { sent in
                        "\(sent.chain.request) (\(sent.outcome.response.map { "\($0.status)" } ?? "no answer"))"
                    }
                    return .chainedVariableTaken(variable, sent: answer)
                } catch {
                    return .chainFailed(ErrorChain(error))
                }
            }
        case .quit:
            break
        }
    }

    /// The chainer of `environment`'s chained variables, made the first time one is needed.
    private func chainer(for environment: String?) -> VariableChainer? {
        guard let workspace else { return nil }
        if let made = chainers[environment ?? ""] { return made }
        let chainer = VariableChainer(
            root: workspace.root, environment: environment, chains: state.collection.chains,
            connection: state.collection.connection,
            pipeline: pipelines.pipeline(collection: cookieCollection, environment: environment),
            cache: ChainValueCache(locations: cookies.locations, collection: workspace.root, environment: environment),
            access: state.collection.fileAccess)
        chainers[environment ?? ""] = chainer
        return chainer
    }

    /// Runs collection work off the UI thread and posts its answer.
    private func inWorkspace(_ work: @escaping @Sendable (CollectionWorkspace) -> Message) {
        guard let workspace else {
            _ = state.update(.notice("no collection here (ferry --collection DIR)"))
            return
        }
        inbox.answer { work(workspace) }
    }

    /// Runs a history read off the UI thread and posts its answer.
    private func inHistory(_ work: @escaping @Sendable (HistoryBrowser) -> Message) {
        guard let historyBrowser else { return }
        inbox.answer { work(historyBrowser) }
    }

    /// Every 2 s, stats the collection's request files off the UI thread and reads the collection
    /// again when another program changed one.
    private func checkFiles() {
        guard let workspace, ContinuousClock.now - lastFileCheck > .seconds(2) else { return }
        lastFileCheck = .now
        let inbox = self.inbox
        Task.detached { if workspace.hasChangedFiles() { inbox.post(workspace.load()) } }
    }

    private func send(_ outgoing: OutgoingRequest, id: Int) {
        trace.requestSent()
        let request = outgoing.resolved.request
        let started = ContinuousClock.now
        sendStarted[id] = started
        let inbox = self.inbox
        let conclusion = ResponseConclusion(
            evaluator: outgoing.expectations.evaluator(accept: request.headers["Accept"], fallback: .auto), checks: outgoing.checks)
        let progress: @Sendable (TransferProgress) -> Void = { progress in
            inbox.post(.progress(id: id, progress, elapsed: secondsElapsed(since: started)))
        }
        let redaction = outgoing.resolved.redaction
        let origin = HistoryOrigin(collection: workspace?.root, requestPath: outgoing.requestPath, environment: outgoing.environment)
        let startDate = Date()
        let schemaCache = self.schemaCache
        let schemaEndpoint = outgoing.schemaEndpoint
        let stream = StreamForwarder(id: id, inbox: inbox, forced: outgoing.forcesStream)
        let pipeline = pipelines.pipeline(collection: cookieCollection, environment: outgoing.environment)
        transfers[id] = Task.detached {
            let outcome = await pipeline.exchange(
                request, concluding: conclusion, origin: origin, progress: progress, observer: stream, redaction: redaction)
            guard let concluded = outcome.concluded else {
                inbox.post(
                    .requestFailed(
                        id: id, outcome.redaction.redact(ErrorChain(outcome.error ?? .explicitlyCancelled)),
                        elapsed: secondsElapsed(since: started)))
                return
            }
            stream.finish(time: Int64(Date().timeIntervalSince(startDate) * 1e6))
            let summary = TUIRuntime.summary(
                of: concluded, method: request.method, evaluator: conclusion.evaluator, redaction: outcome.redaction)
            inbox.post(.responseArrived(id: id, summary))
            summary.raw.prepare()  // the Raw tab's lines, after the tree is on its way
            if let schemaEndpoint {
                inbox.post(TUIRuntime.schemaLoaded(from: concluded.response, endpoint: schemaEndpoint, cache: schemaCache))
            }
        }
    }

    /// Opens the request's WebSocket through the pipeline; its messages come back as they go and
    /// come, and the session is recorded in the history when it ends.
    private func openWebSocket(_ outgoing: OutgoingRequest, id: Int) {
        let request = outgoing.resolved.request
        let redaction = outgoing.resolved.redaction
        let relay = WebSocketRelay(id: id, inbox: inbox, redaction: redaction)
        webSockets[id] = relay
        sendStarted[id] = .now
        let pipeline = pipelines.pipeline(collection: cookieCollection, environment: outgoing.environment)
        let origin = HistoryOrigin(collection: workspace?.root, requestPath: outgoing.requestPath, environment: outgoing.environment)
        let startDate = Date()
        transfers[id] = Task.detached {
            var redaction = redaction
            await relay.run(url: request.url.absoluteString) {
                try await pipeline.openWebSocket(request, redaction: &redaction)
            } ended: {
                session in
                pipeline.record(
                    ExchangeOutcome(request: request, started: startDate, session: session, redaction: redaction), origin: origin)
            }
        }
    }

    /// The concluded response as the views show it, secrets redacted. The views' document is the
    /// conclusion's unless redaction changed the body (a secret in a body held in memory): that body
    /// is parsed again, as shown. The checks keep what they found in the response as it came.
    static func summary(
        of concluded: Concluded, method: HTTPMethod, evaluator: ResponseEvaluator?, redaction: Redaction
    ) -> ResponseSummary {
        var shown = concluded
        shown.response = redaction.redact(concluded.response)
        if let evaluator, case .memory(let received) = concluded.response.body.storage,
            case .memory(let redacted) = shown.response.body.storage, redacted != received
        {
            shown = ResponseConclusion(evaluator: evaluator).conclude(shown.response, method: method)
            shown.checks = concluded.checks
        }
        return ResponseSummary(shown)
    }

    /// The schema an introspection answer holds, kept in the cache; a notice when it holds none.
    private static func schemaLoaded(from response: Response, endpoint: String, cache: GraphQLSchemaCache?) -> Message {
        do {
            let json = try response.body.mappedData()
            let schema = try IntrospectedSchema(introspection: json)
            try cache?.save(json, url: endpoint)
            return .graphQLSchemaLoaded(endpoint: endpoint, schema)
        } catch {
            return .notice("✗ no GraphQL schema from \(endpoint): " + ErrorChain(error).line)
        }
    }

    /// Suspends the UI, runs `$EDITOR` (or `vi`) on a temporary file holding the body, and reads it back.
    private func editBody(_ text: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-body-\(getpid())-\(UUID().uuidString.prefix(8)).txt"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            inbox.post(.editorClosed(body: nil, notice: "cannot write a temporary file for the editor: \(error.localizedDescription)"))
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        terminal.suspend()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "ferry-editor", path]
        var notice: String?
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                notice = "the editor (\(editor)) exited with status \(process.terminationStatus); body unchanged"
            }
        } catch {
            notice = "cannot run the editor (\(editor)): \(error.localizedDescription)"
        }
        terminal.resume()
        previous = nil
        let edited = notice == nil ? try? String(contentsOfFile: path, encoding: .utf8) : nil
        inbox.post(.editorClosed(body: edited, notice: notice))
    }

    /// Reads a theme the palette chose; a broken one is reported and the current theme stays.
    private func loadTheme(_ name: String) {
        guard let themes else { return }
        do {
            inbox.post(.themeLoaded(try themes.read(themes.path(for: name))))
        } catch {
            inbox.post(.notice(error.description))
        }
    }

    /// Writes the request's exact body to a temporary file and posts its first hex dump rows.
    private func showBodyHex(_ request: Request) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-body-\(getpid())-\(UUID().uuidString.prefix(8)).bin"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try RequestBodyFile.write(request.body, to: path)
            let dump = HexDump(source: try ByteSource(path: path))
            let rows = try dump.rows(from: 0, count: Int(min(dump.rowCount, Int64(Self.bodyHexRows)))).map(\.rendered)
            let more = dump.rowCount > Int64(Self.bodyHexRows) ? ["… (the first \(Self.bodyHexRows) rows of \(dump.rowCount))"] : []
            inbox.post(.sheet(Sheet(title: "Request body", lines: rows + more + [dump.endLine])))
        } catch {
            inbox.post(.notice("cannot show the body: " + (ErrorChain(error).links.first?.message ?? "\(error)")))
        }
    }

    // MARK: - Signals

    /// The signals that end the loop.
    private static let signals = [SIGTERM, SIGINT, SIGHUP]

    /// SIGTERM, SIGINT and SIGHUP from outside end the loop so the terminal is restored.
    private func watchSignals() {
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let inbox = self.inbox
            source.setEventHandler { inbox.post(.terminate(.signal(number))) }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Gives the signals their default action back once the loop has ended (the process may go on:
    /// `ferry demo` shuts its server down, a test process runs other tests).
    private func stopWatchingSignals() {
        for source in signalSources { source.cancel() }
        signalSources = []
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}

/// Seconds from `start` until now.
private func secondsElapsed(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
