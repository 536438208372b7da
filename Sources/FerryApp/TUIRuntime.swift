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
    private let inbox: MessageInbox
    private let trace: FrameTrace
    // The effects, by concern: exchanges, the cookie sheet, the collection's files, the history.
    private let exchanges: ExchangeEffects
    private let cookieSheet: CookieEffects
    /// Loads of the editor's request (F7) and the mock server on the collection (F8).
    private let loads: LoadEffects
    private let mocks: MockEffects
    /// The collection the sidebar shows, saves go to and environments come from.
    private let workspace: CollectionWorkspace?
    /// The history pane's searches and recorded exchanges.
    private let historyBrowser: HistoryBrowser?
    /// Where the layout is remembered between sessions (`RememberedLayout`).
    private let layoutPath: String
    private let themes: ThemeLoader?
    /// When the collection's files were last checked for changes by other programs.
    private var lastFileCheck = ContinuousClock.now
    /// How many hex dump rows of a request body the overlay shows (1 MiB).
    private static let bodyHexRows = 65_536
    private var previous: Canvas?
    private var searchTask: Task<Void, Never>?
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
        let pipelines = ExchangePipelines(
            transport: transport, locations: locations, history: history, browser: browser, notify: { inbox.post(.notice($0)) },
            onCookieProblem: { inbox.post(.notice("✗ the cookies were not kept: " + ErrorChain($0).line)) })
        let trace = FrameTrace(path: tracePath, ready: ready)
        self.trace = trace
        exchanges = ExchangeEffects(
            pipelines: pipelines, cookieCollection: cookieCollection, inbox: inbox, trace: trace, root: workspace?.root,
            schemaCache: schemaCache)
        cookieSheet = CookieEffects(cookies: pipelines.cookies(collection: cookieCollection), inbox: inbox)
        loads = LoadEffects(inbox: inbox, history: history, root: workspace?.root)
        mocks = MockEffects(inbox: inbox, root: workspace?.root ?? FileManager.default.currentDirectoryPath)
        self.themes = themes
        self.workspace = workspace
        self.historyBrowser = historyBrowser
        layoutPath = RememberedLayout.path(in: locations)
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
            if case .sending(let id, let progress, _) = state.exchange, let started = exchanges.startTime(of: id),
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
        loads.stopAll()
        mocks.stop(posting: false)
        exchanges.stopAll()  // the exchanges that ended are in the history before Ferry exits
        searchTask?.cancel()
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

    /// Carries out an effect: each concern has its handler; what touches the terminal is done here.
    private func run(_ effect: Effect) {
        switch effect {
        case .send(let id, let outgoing): exchanges.send(outgoing, id: id, collection: state.collection)
        case .sendScripted(let id, let scripted): exchanges.sendScripted(scripted, id: id, collection: state.collection)
        case .cancel(let id): exchanges.cancel(id)
        case .openWebSocket(let id, let outgoing): exchanges.openWebSocket(outgoing, id: id)
        case .sendWebSocketMessage(let id, let message): exchanges.sendWebSocketMessage(message, id: id)
        case .closeWebSocket(let id): exchanges.closeWebSocket(id)
        case .fetchOAuth2Token(let settings, let options, let environment, let refresh):
            exchanges.fetchToken(settings, options: options, environment: environment, refresh: refresh)
        case .takeChainedVariable(let chain, let variables, let environment):
            exchanges.takeChainedVariable(chain, variables: variables, environment: environment, collection: state.collection)
        case .loadGraphQLSchema(let endpoint): exchanges.loadSchema(endpoint: endpoint)
        case .loadGRPCSchema(let server, let outgoing): exchanges.loadGRPCSchema(server: server, outgoing)

        case .showCookies(let environment): cookieSheet.show(environment: environment)
        case .storeCookies(let jar, let environment): cookieSheet.store(jar, environment: environment)
        case .clearCookies(let environment): cookieSheet.clear(environment: environment)

        case .saveRequest(let path, let description, let isNew): inWorkspace { $0.save(description, to: path, isNew: isNew) }
        case .fileOperation(let operation): inWorkspace { $0.perform(operation) }
        case .importFile(let path):
            let inbox = self.inbox
            inWorkspace { workspace in
                let said = workspace.importFile(path)
                inbox.post(workspace.load())  // the sidebar shows what was written
                return said
            }
        case .reloadCollection: inWorkspace { $0.load() }
        case .loadEnvironment(let name): inWorkspace { $0.environment(name) }
        case .importCurl(let text):
            let root = state.editor.source.root
            inbox.answer(blocking: { CurlBridge.importing(text, root: root) })

        case .searchHistory(let text): inHistory { $0.search(text) }
        case .openHistoryEntry(let id, let replay): inHistory { $0.entry(id: id, replay: replay) }
        case .diffHistory(let old, let new): inHistory { $0.diff(old: old, new: new) }
        case .findLastRecorded(let path):
            guard let historyBrowser else { return }
            inbox.answer(blocking: { historyBrowser.lastRecorded(path: path) })
        case .showRecordedResponse(let row): inHistory { $0.recordedResponse(row) }

        case .editBody(let text):
            let (edited, notice) = editExternally(text, name: "body.txt", what: "body")
            inbox.post(.editorClosed(body: edited, notice: notice))
        case .editScript(let phase, let text):
            let (edited, notice) = editExternally(text, name: "\(phase.rawValue).js", what: "script")
            inbox.post(.scriptEditorClosed(phase, text: edited, notice: notice))
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
        case .loadTheme(let name): loadTheme(name)
        case .showBodyHex(let request): showBodyHex(request)
        case .saveResponse(let bytes, let path): inbox.answer(blocking: { Self.save(bytes.source, to: path) })
        case .copy(let clip):
            do {
                let (text, what) = try ClipWriter.text(of: clip)
                terminal.copyToClipboard(text)
                inbox.post(.copied(text, what: what))
            } catch {
                inbox.post(.notice("✗ " + ErrorChain(error).line))
            }
        case .startLoad(let id, let outgoing, let settings): loads.start(outgoing, settings: settings, id: id)
        case .startCollectionLoad(let id, let collectionLoad, let settings): loads.start(collectionLoad, settings: settings, id: id)
        case .stopLoad(let id): loads.stop(id)
        case .startMock(let settings): mocks.start(settings)
        case .stopMock: mocks.stop()
        case .rememberSidebarWidth(let width):
            do {
                var layout = RememberedLayout.load(path: layoutPath)
                layout.sidebarWidth = width
                try layout.save(to: layoutPath)
            } catch {
                _ = state.update(.notice("✗ the sidebar's width is not kept for the next session: " + ErrorChain(error).line))
            }
        case .quit:
            break
        }
    }

    /// Writes a response body to a new file (relative paths from the working folder), a MiB at a time.
    private static func save(_ source: ByteSource, to path: String) -> Message {
        guard !FileManager.default.fileExists(atPath: path) else { return .notice("not saved: \(path) already exists") }
        do {
            try AtomicFile.write(to: path) { descriptor in
                var offset: Int64 = 0
                while offset < source.count {
                    let chunk = try source.read(at: offset, count: 1 << 20)
                    guard !chunk.isEmpty else { break }
                    try AtomicFile.writeAll(chunk, to: descriptor, path: path)
                    offset += Int64(chunk.count)
                }
            }
        } catch {
            return .notice("✗ not saved: " + ErrorChain(error).line)
        }
        return .notice("✓ saved \(ByteCountText.format(source.count)) to \(path) (ferry view opens it)")
    }

    /// Runs collection work off the UI thread and posts its answer.
    private func inWorkspace(_ work: @escaping @Sendable (CollectionWorkspace) -> Message) {
        guard let workspace else {
            _ = state.update(.notice("no collection here (ferry --collection DIR)"))
            return
        }
        inbox.answer(blocking: { work(workspace) })
    }

    /// Runs a history read off the UI thread and posts its answer.
    private func inHistory(_ work: @escaping @Sendable (HistoryBrowser) -> Message) {
        guard let historyBrowser else { return }
        inbox.answer(blocking: { work(historyBrowser) })
    }

    /// Every 2 s, stats the collection's request files off the UI thread and reads the collection
    /// again when another program changed one.
    private func checkFiles() {
        guard let workspace, ContinuousClock.now - lastFileCheck > .seconds(2) else { return }
        lastFileCheck = .now
        inbox.answer(blocking: { workspace.hasChangedFiles() ? workspace.load() : nil })
    }

    /// Suspends the UI, runs `$EDITOR` (or `vi`) on a temporary file (ending in `name`, so the
    /// editor knows its kind) holding `text`, and reads it back: the new text, or nil and why not.
    private func editExternally(_ text: String, name: String, what: String) -> (String?, String?) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-\(getpid())-\(UUID().uuidString.prefix(8))-\(name)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            return (nil, "cannot write a temporary file for the editor: \(error.localizedDescription)")
        }
        let environment = ProcessEnvironment.variables
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
                notice = "the editor (\(editor)) exited with status \(process.terminationStatus); \(what) unchanged"
            }
        } catch {
            notice = "cannot run the editor (\(editor)): \(error.localizedDescription)"
        }
        terminal.resume()
        previous = nil
        return (notice == nil ? try? String(contentsOfFile: path, encoding: .utf8) : nil, notice)
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
