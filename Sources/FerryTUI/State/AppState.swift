import FerryCore
import Foundation

/// Everything the screen shows; changed only by `update(_:)`.
public struct AppState: Sendable {
    public var width: Int
    public var height: Int
    public var keymap: Keymap
    public var theme: Theme

    /// The request panes: the request being composed and where it came from.
    public var editor = RequestEditor()

    public var focus = Pane.url
    public var requestTab = RequestTab.headers
    public var responseTab = ResponseTab.tree
    public var scroll: [ResponseTab: Int] = [:]
    public var wrap = false
    public var showHelp = false
    public var helpScroll = 0
    public var responseViews = ResponseViews()
    /// What `ferry view` shows (a file name, or "standard input"); nil in the request editor.
    public var viewerTitle: String?

    public var exchange = Exchange.idle
    public var nextRequestID = 1
    public var notice: String?
    public var examples: [RequestSource] = []
    public var exampleIndex: Int?
    public var isQuitting = false
    /// Why the TUI is ending, when not by the user's own quit.
    public var termination: Termination?

    // Palette, body hex
    public var palette: CommandPalette?
    /// The themes the palette offers (the launcher fills it in).
    public var themeNames: [String] = []
    /// The exact request body as hex dump lines, shown over the screen until closed.
    public var bodyHex: [String]?
    public var bodyHexScroll = 0

    // Collection, environments
    /// The collection tree; nil when Ferry runs without a collection.
    public var sidebar: Sidebar?
    /// The file the editor's request came from or was saved to.
    public var openRequest: OpenRequest?
    /// The path being typed: where to save a new request, or a file's new name.
    public var pathPrompt: PathPrompt?
    /// The file the user asked to delete; `y` confirms.
    public var pendingDelete: String?
    /// The file the user was warned would lose unsaved edits if loaded (Enter again loads it).
    public var pendingDiscard: String?
    /// The environment `{{variables}}` are resolved with when sending; nil for none.
    public var environment: String?
    public var variables: [Variable] = []
    /// The history pane, while open.
    public var history: HistoryPane?

    public init(width: Int, height: Int, keymap: Keymap = .default, theme: Theme = .fallback) {
        self.width = width
        self.height = height
        self.keymap = keymap
        self.theme = theme
    }

    /// Where keys go now.
    public var context: KeyContext {
        if showHelp || bodyHex != nil || history != nil { return history?.isSearching == true ? .line : .browse }
        if palette != nil || editor.lineEdit != nil || responseViews.prompt != nil || pathPrompt != nil || focus == .url { return .line }
        if focus == .sidebar, sidebar?.isFiltering == true { return .line }
        if focus == .request, requestTab == .body, editor.isEditingBody { return .body }
        if focus == .response, responseTab == .tree { return .tree }
        return .browse
    }

    /// True when the terminal is too small for the layout.
    public var isTooSmall: Bool { width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight }

    /// The request as composed, its variables filled in with the environment's and checked, with the
    /// redaction of the secrets it holds; throws `FerryError.invalidRequest` when it cannot be sent.
    public func makeRequest() throws -> ResolvedRequest {
        try editor.resolved(with: variables)
    }

    /// Loads a prepared request into the editor: every field it holds replaces the editor's.
    public mutating func load(_ source: RequestSource) {
        editor.load(source)
    }
}
