import FerryCore

/// Work the runtime does for the pure core; results come back as `Message`s.
public enum Effect: Sendable {
    /// Send the request (its variables filled in), evaluate the response and record the exchange;
    /// the redaction hides its secrets in the history.
    case send(id: Int, OutgoingRequest)
    /// Run the request's pre-request scripts, then resolve and send what they left as `.send` does
    /// (or answer `.requestFailed`).
    case sendScripted(id: Int, ScriptedRequest)
    case cancel(id: Int)
    /// Open the request's WebSocket (`ws://`, `wss://`) with its headers, auth and TLS options; answers
    /// with `.webSocketOpened`, `.webSocketMessages` as they go and come, then `.webSocketEnded` (or
    /// `.requestFailed`), and records the session in the history.
    case openWebSocket(id: Int, OutgoingRequest)
    /// Send a message on request `id`'s WebSocket; it comes back in `.webSocketMessages` (or a `.notice` says why not).
    case sendWebSocketMessage(id: Int, WebSocketOutgoing)
    /// Close request `id`'s WebSocket (1000); the server's close ends it.
    case closeWebSocket(id: Int)
    /// Suspend the UI and edit `body` in `$EDITOR`; answers with `.editorClosed`.
    case editBody(String)
    /// Suspend the UI and edit the request's script of this phase in `$EDITOR`; answers with `.scriptEditorClosed`.
    case editScript(RequestScripts.Phase, String)
    /// Search the Tree or Hex tab off the UI thread (cancelling an older search); answers with `.searchFinished`.
    case search(ViewSearch)
    case suspend
    /// Read the theme called this and answer with `.themeLoaded` (or a `.notice` saying why not).
    case loadTheme(String)
    /// Write the request's exact body out and answer with a `.sheet` of its hex dump (or a `.notice`).
    case showBodyHex(Request)
    /// Save the editor's description to this path (below the collection, or the working folder)
    /// atomically; a new file (`isNew`) must not replace one. Answers with `.requestSaved` (or a
    /// `.notice` saying why not).
    case saveRequest(path: String, RequestDescription, isNew: Bool)
    /// Rename, copy or delete a file of the collection; answers with `.fileOperationDone` (or a `.notice`).
    case fileOperation(FileOperation)
    /// Search the history (full text; empty lists the newest) off the UI thread; answers with `.historyListed`.
    case searchHistory(String)
    /// Read a recorded exchange; answers with `.historyEntryLoaded` (or a `.notice`).
    case openHistoryEntry(id: Int64, replay: Bool)
    /// Look for the newest exchange the history holds for this request file of the collection;
    /// answers with `.lastRecordedFound` (nothing when there is none).
    case findLastRecorded(path: String)
    /// Read this recorded exchange's response; answers with `.recordedResponseLoaded` (or a `.notice`).
    case showRecordedResponse(HistoryRow)
    /// Compare two recorded exchanges; answers with `.historyDiff` (or a `.notice`).
    case diffHistory(old: Int64, new: Int64)
    /// Read the collection again and answer with `.collectionLoaded`.
    case reloadCollection
    /// Read this environment's variables (nil: none) and answer with `.environmentLoaded` (or a `.notice`).
    case loadEnvironment(String?)
    /// Import the file at this path (its format recognised) into the collection, all or nothing, and
    /// answer with a `.notice` saying what came across, then read the collection again.
    case importFile(String)
    /// Read a pasted curl command and answer with `.curlImported` (or a `.notice` naming the problem).
    case importCurl(String)
    /// Write the body to a new file at this path (below the working folder; an existing file is not
    /// replaced) and answer with a `.notice` saying where, or why not.
    case saveResponse(BodyBytes, path: String)
    /// Make the clip's text, put it on the clipboard through the terminal (OSC 52, where the terminal
    /// allows it) and answer with `.copied` (or a `.notice` saying why not).
    case copy(Clip)
    /// Read the cached schema of this GraphQL endpoint; answers with `.graphQLSchemaLoaded` (or a `.notice`).
    case loadGraphQLSchema(endpoint: String)
    /// Ask a gRPC server for its schema (reflection, or the request's `.proto` files or descriptor
    /// sets) and answer with `.grpcSchemaLoaded` (or a `.notice` saying why not).
    case loadGRPCSchema(server: String, OutgoingRequest)
    /// Read the cookie jar of the collection and this environment and answer with `.cookiesLoaded`.
    case showCookies(environment: String?)
    /// Write this jar as the collection's and this environment's (its file, 0600, atomically).
    case storeCookies(CookieJar, environment: String?)
    /// Empty that jar and answer with a `.notice` saying how many cookies went.
    case clearCookies(environment: String?)
    /// Get a new OAuth 2.0 token for these settings (variables filled in) into the environment's
    /// cache, renewing with the refresh token when `refresh`; answers with a `.notice` saying what happened.
    case fetchOAuth2Token(OAuth2Settings, options: RequestOptions, environment: String?, refresh: Bool)
    /// Take this chained variable's value (sending its request unless a fresh value is kept) with
    /// these variables; answers with `.chainedVariableTaken` or `.chainFailed`.
    case takeChainedVariable(VariableChain, variables: [Variable], environment: String?)
    /// Keep the sidebar's width for the next sessions (the TUI's layout file, `RememberedLayout`).
    case rememberSidebarWidth(Int)
    /// Run a load of this request with these settings on worker threads (`LoadRunner`): answers with
    /// `.loadProgressed` a few times a second, then `.loadFinished` (after writing the history's row,
    /// as `ferry load` does) or `.loadFailed`.
    case startLoad(id: Int, OutgoingRequest, LoadSettings)
    /// Run a load of every request file of the settings' folder (of the collection), weighted, each
    /// resolved with these variables and connection as a send would be; answers as `startLoad` does.
    case startCollectionLoad(id: Int, CollectionLoad, LoadSettings)
    /// Stop load `id`; its `.loadFinished` sums up what was measured.
    case stopLoad(id: Int)
    /// Start the mock server on the open collection (its examples, its `openapi:` document) on the
    /// settings' port of 127.0.0.1, in their modes; answers with `.mockStarted` (or `.mockFailed`),
    /// then `.mockHits` as it answers.
    case startMock(MockSettings)
    /// Stop the mock server; answers with `.mockStopped`.
    case stopMock
    case quit
}
