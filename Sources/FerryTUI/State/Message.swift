import FerryCore

/// Everything that can change the state: input, and results coming back from effects.
public enum Message: Sendable {
    case key(Key)
    case paste(String)
    case resize(width: Int, height: Int)
    case progress(id: Int, TransferProgress, elapsed: Double)
    case responseArrived(id: Int, ResponseSummary)
    case requestFailed(id: Int, ErrorChain, elapsed: Double)
    /// The response of request `id` is a stream cut into events this way; its head came at `time` (µs since the start).
    case streamStarted(id: Int, StreamFraming, time: Int64)
    /// Events of request `id`'s stream, as they arrived.
    case streamEvents(id: Int, [StreamEvent])
    /// The WebSocket of request `id` is open: its handshake as a response (the 101, its headers, the phases).
    case webSocketOpened(id: Int, ResponseSummary)
    /// Messages of request `id`'s WebSocket, sent or received, in order; before them, how many went
    /// and came that the runtime did not keep (the UI fell behind a flood), and their bytes.
    case webSocketMessages(id: Int, [WebSocketMessage], skipped: WebSocketSkipped = WebSocketSkipped())
    /// The WebSocket of request `id` ended: the session as a response (its transcript as the body).
    case webSocketEnded(id: Int, ResponseSummary)
    /// The external editor closed: the new body, or nil when it could not run (with why in `notice`).
    case editorClosed(body: String?, notice: String?)
    /// `$EDITOR` closed on a script: its new text (nil: unchanged), or why not.
    case scriptEditorClosed(RequestScripts.Phase, text: String?, notice: String?)
    /// A line to show in the status bar (a keymap or theme problem, a hint).
    case notice(String)
    /// A Tree or Hex search the runtime ran.
    case searchFinished(SearchResult)
    /// A click or a wheel turn.
    case mouse(MouseEvent)
    /// A theme chosen in the palette was read: it applies at once.
    case themeLoaded(Theme)
    /// The request body as hex dump lines, for the overlay.
    case sheet(Sheet)
    /// The cookie jar of an environment was read (for F6), with its file.
    case cookiesLoaded(CookieJar, path: String, environment: String?)
    /// The collection was read: its files (broken ones with their problem), its environments, and
    /// the paths whose file changed on disk since the last read.
    case collectionLoaded([CollectionItem], environments: [String], changed: [String])
    /// The editor's description was written to this path (below the collection).
    case requestSaved(path: String, RequestDescription)
    /// The history entries a search found, newest first.
    case historyListed([HistoryRow])
    /// The schema of a GraphQL endpoint, fetched by introspection or read from the cache.
    case graphQLSchemaLoaded(endpoint: String, IntrospectedSchema)
    /// The methods and message fields of a gRPC server (`grpc://host:port`), for completion.
    case grpcSchemaLoaded(server: String, GRPCSchemaOutline)
    /// A recorded exchange: its request, its response when one was recorded, and whether to send it again.
    case historyEntryLoaded(RequestSource, ResponseSummary?, replay: Bool)
    /// The diff of two recorded exchanges, as lines.
    case historyDiff([String])
    /// The newest exchange the history holds for the request file at `path`.
    case lastRecordedFound(path: String, HistoryRow)
    /// A recorded exchange's response (its `recorded` time set), to show without sending.
    case recordedResponseLoaded(ResponseSummary)
    /// A rename, copy or delete of a collection file was done.
    case fileOperationDone(FileOperation)
    /// The environment's variables, chained variables and proxy and client certificate (`$options:`) were read (nil: no environment).
    case environmentLoaded(String?, [Variable], chains: [VariableChain] = [], connection: ConnectionSettings = ConnectionSettings())
    /// A chained variable's value, for the send waiting for it; `sent` names the request sent to
    /// take it and how it answered (nil when a value kept from before served).
    case chainedVariableTaken(Variable, sent: String?)
    /// A chained variable could not be taken: the send waiting for it fails with this chain.
    case chainFailed(ErrorChain)
    /// A pasted curl command, read as a request, and a line saying what came across.
    case curlImported(RequestSource, summary: String)
    /// `text` went to the clipboard (as far as the terminal allows): shown so it can be seen and selected.
    case copied(String, what: String)
    /// Where load `id` stands, a few times a second while it runs.
    case loadProgressed(id: Int, LoadSnapshot)
    /// Load `id` ended (or was stopped): what it measured.
    case loadFinished(id: Int, LoadResult)
    /// Load `id` could not start, and why.
    case loadFailed(id: Int, String)
    /// The mock server listens at `baseURL` with these routes; `warnings` of reading the collection.
    case mockStarted(baseURL: String, routes: [MockRouteRow], warnings: [String])
    /// Requests the mock answered, in order.
    case mockHits([MockHitRow])
    /// The mock server stopped.
    case mockStopped
    /// The mock server could not start (a port in use, a collection it cannot read), and why.
    case mockFailed(String)
    /// A signal from outside, or the terminal went away: leave cleanly.
    case terminate(Termination)
}
