import FerryCore
import Foundation

/// Everything the screen shows; changed only by `update(_:)`.
public struct AppState: Sendable {
    public var width: Int
    public var height: Int
    public var keymap: Keymap
    public var theme: Theme

    // The rooms: each holds its own state and the methods that change it; `update(_:)` routes
    // messages and keys to them.
    /// The request panes: the request being composed and where it came from.
    public var editor = RequestEditor()
    /// The response pane: tab, scrolling, wrapping, the views' state.
    public var response = ResponsePane()
    /// The events of a streamed response (the Events tab).
    public var events = EventsPane()
    /// The collection: sidebar, open file, file prompts, environment, examples.
    public var collection = CollectionState()
    /// The history pane, while open.
    public var history: HistoryPane?
    /// The Load view: a load of the editor's request, running or summed up (F7).
    public var load: LoadPane?
    /// The mock server on the open collection and its view (F8), once started.
    public var mock: MockPane?
    /// Help, palette and body hex, drawn over the rest.
    public var overlays = Overlays()

    /// Focus, notice and the exchange: what every room may be handed.
    public var shell = Shell()
    /// True when the focused pane (request or response) has the whole screen (`z`).
    public var isZoomed = false
    /// What `ferry view` shows (a file name, or "standard input"); nil in the request editor.
    public var viewerTitle: String?
    public var nextRequestID = 1
    /// The themes the palette offers (the launcher fills it in).
    public var themeNames: [String] = []
    public var isQuitting = false
    /// Why the TUI is ending, when not by the user's own quit.
    public var termination: Termination?

    public init(width: Int, height: Int, keymap: Keymap = .default, theme: Theme = .fallback) {
        self.width = width
        self.height = height
        self.keymap = keymap
        self.theme = theme
    }

    // MARK: - The shell's, for the runtime, the views and the tests

    public var focus: Pane {
        get { shell.focus }
        set { shell.focus = newValue }
    }

    public var notice: String? {
        get { shell.notice }
        set { shell.notice = newValue }
    }

    /// The request in flight or the last one's outcome.
    public var exchange: Exchange {
        get { shell.exchange }
        set { shell.exchange = newValue }
    }

    /// The request pane's tab (the editor's own).
    public var requestTab: RequestTab {
        get { editor.tab }
        set { editor.tab = newValue }
    }

    // MARK: - Facts

    /// Where keys go now.
    public var context: KeyContext {
        if overlays.showHelp || overlays.sheet != nil { return .browse }
        if let history { return history.isSearching ? .line : .history }
        if overlays.form != nil { return .line }
        if load != nil { return .browse }
        if mock?.isShown == true { return .mock }
        return focusedContext
    }

    /// The context of the room with the focus, under the help or a sheet: the keys F1 lists.
    public var focusedContext: KeyContext {
        if overlays.palette != nil || editor.lineEdit != nil || response.views.prompt != nil || collection.pathPrompt != nil
            || focus == .url
        {
            return .line
        }
        if focus == .sidebar { return collection.sidebar?.isFiltering == true ? .line : .sidebar }
        if focus == .request, requestTab == .body, editor.isEditingBody { return .body }
        if focus == .response { return response.tab == .tree ? .tree : response.tab == .raw ? .raw : .response }
        return focus == .method || focus == .request ? .request : .browse
    }

    /// False for an action of another tab than the focused pane's (`Action.requestTabs`, `responseTabs`).
    func actsInFocusedTab(_ action: Action) -> Bool {
        switch focus {
        case .request: action.requestTabs.map { $0.contains(requestTab) } ?? true
        case .response: action.responseTabs.map { $0.contains(response.tab) } ?? true
        default: true
        }
    }

    /// True when the terminal is too small for the layout.
    public var isTooSmall: Bool { width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight }

    /// The request as composed, its variables filled in with the environment's and those captured
    /// in this session, and checked, with the redaction of the secrets it holds; throws
    /// `FerryError.invalidRequest` when it cannot be sent.
    public func makeRequest() throws -> ResolvedRequest { try makeRequest(access: collection.fileAccess) }

    /// `makeRequest` with its files read as `access` allows (nil: any file, from the source's folder).
    func makeRequest(access: FileAccessPolicy?) throws -> ResolvedRequest {
        try editor.resolved(
            with: collection.variables + collection.chained + collection.captured, environment: collection.connection, access: access)
    }

    /// Loads a prepared request into the editor: every field it holds replaces the editor's, and
    /// `file` becomes the file Ctrl-S writes (nil: none, Ctrl-S asks for a path). The response
    /// area is emptied unless a request is on the wire: what it showed belonged to another request.
    public mutating func load(_ source: RequestSource, file: OpenRequest?) {
        editor.load(source)
        collection.openRequest = file
        collection.lastRecorded = nil
        guard !exchange.isSending else { return }
        exchange = .idle
        response.show(failed: false)
    }
}
