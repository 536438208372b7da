import FerryCore
import Foundation

/// Everything the screen shows; changed only by `update(_:)`.
public struct AppState: Sendable {
    public var width: Int
    public var height: Int
    public var keymap: Keymap
    public var theme: Theme

    public static let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options]
    public var method: HTTPMethod = .get
    public var url = TextField()
    public var headers: [HeaderRow] = [HeaderRow(name: "Accept", value: "*/*")]
    public var headerSelection = 0
    public var body = TextArea()
    public var isEditingBody = false
    public var options = RequestOptions()
    public var expectations = ResponseExpectations()
    /// Basic or bearer credentials sent as `Authorization` unless a header sets it.
    public var auth: Credentials?
    /// What the loaded request inherits from its folders and what of it the editor cannot show
    /// (see `NamedRequest`); set by `load(_:)`.
    public var baseURL: String?
    public var inheritedHeaders: [HeaderRow] = []
    public var omitted: [String] = []
    /// A file sent as the body, streamed from disk; while set it replaces the text body.
    public var bodyFile: String?
    public var optionSelection = OptionRow.timeout
    public var lineEdit: LineEdit?

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
    public var examples: [NamedRequest] = []
    public var exampleIndex: Int?
    public var isQuitting = false
    /// Why the TUI is ending, when not by the user's own quit.
    public var termination: Termination?

    // Request tabs, palette, mouse
    public var params = ParamTree()
    public var palette: CommandPalette?
    /// The themes the palette offers (the launcher fills it in).
    public var themeNames: [String] = []
    public var parts: [MultipartRow] = []
    public var partSelection = 0
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
        if palette != nil || lineEdit != nil || responseViews.prompt != nil || pathPrompt != nil || focus == .url { return .line }
        if focus == .sidebar, sidebar?.isFiltering == true { return .line }
        if focus == .request, requestTab == .body, isEditingBody { return .body }
        if focus == .response, responseTab == .tree { return .tree }
        return .browse
    }

    /// True when the terminal is too small for the layout.
    public var isTooSmall: Bool { width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight }

    /// The request as composed, its variables filled in and checked, with the redaction of the
    /// secrets it holds; throws `FerryError.invalidRequest` when it cannot be sent. An open request
    /// file's folder defaults apply: its base URL under a relative URL, its headers unless set here.
    public func makeRequest() throws -> ResolvedRequest {
        guard omitted.isEmpty else {
            throw FerryError.invalidRequest(reason: .invalidArgument(
                name: openRequest?.path ?? "the request", problem: "its \(omitted.joined(separator: ", ")) cannot be shown in the editor, and Ferry will not send the request without them; send it whole with `ferry send` on the file"))
        }
        let resolver = VariableResolver(variables)
        var redaction = resolver.redaction
        var urlText = try resolver.render(self.url.text, place: "url")
        if let baseURL, !urlText.contains("://") {
            urlText = try BaseURL(try Request.parseURL(try resolver.render(baseURL, place: "folder base URL"))).resolve(urlText).absoluteString
        }
        let url = try Request.parseURL(urlText)
        var fields = HTTPHeaders()
        for row in inheritedHeadersSent + headers where row.enabled && !row.name.isEmpty {
            fields.add(name: try resolver.render(row.name, place: "header \(row.name)"), value: try resolver.render(row.value, place: "header \(row.name)"))
        }
        let bodyText = try resolver.render(body.text, place: "body", escaping: TemplateEscaping(contentType: fields["Content-Type"]))
        var request = Request(method: method, url: url, headers: fields,
                              body: try bodyFile.map { .file(path: try resolver.render($0, place: "body file")) } ?? (body.isEmpty ? .none : .bytes(Data(bodyText.utf8))), options: options)
        try auth?.apply(to: &request, redaction: &redaction, resolver: resolver)
        try applyParams(to: &request, resolver: resolver)
        try request.validate()
        return ResolvedRequest(request: request, redaction: redaction)
    }

    /// The folders' headers that are sent: enabled ones whose name no enabled row of the editor sets.
    public var inheritedHeadersSent: [HeaderRow] {
        let own = Set(headers.filter { $0.enabled && !$0.name.isEmpty }.map { $0.name.lowercased() })
        return inheritedHeaders.filter { $0.enabled && !own.contains($0.name.lowercased()) }
    }

    /// Loads a prepared request into the editor: every field it holds replaces the editor's.
    public mutating func load(_ example: NamedRequest) {
        method = example.method
        url = TextField(example.url)
        headers = example.headers
        headerSelection = 0
        body = TextArea(example.body)
        bodyFile = example.bodyFile
        params = example.params
        parts = example.parts
        partSelection = 0
        auth = example.auth
        options = example.options
        expectations = example.expectations
        baseURL = example.baseURL
        inheritedHeaders = example.inheritedHeaders
        omitted = example.omitted
        lineEdit = nil
        isEditingBody = false
    }
}
