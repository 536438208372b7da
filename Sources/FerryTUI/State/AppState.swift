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

    public var exchange = Exchange.idle
    public var nextRequestID = 1
    public var notice: String?
    public var examples: [NamedRequest] = []
    public var exampleIndex: Int?
    public var isQuitting = false

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

    public init(width: Int, height: Int, keymap: Keymap = .default, theme: Theme = .fallback) {
        self.width = width
        self.height = height
        self.keymap = keymap
        self.theme = theme
    }

    /// Where keys go now.
    public var context: KeyContext {
        if showHelp || bodyHex != nil { return .browse }
        if palette != nil { return .line }
        if lineEdit != nil || focus == .url { return .line }
        if focus == .request, requestTab == .body, isEditingBody { return .body }
        if focus == .response, responseTab == .tree { return .tree }
        return .browse
    }

    /// True when the terminal is too small for the layout.
    public var isTooSmall: Bool { width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight }

    /// The request as composed, checked; throws `FerryError.invalidRequest` when it cannot be sent.
    public func makeRequest() throws -> Request {
        let url = try Request.parseURL(self.url.text)
        var fields = HTTPHeaders()
        for row in headers where row.enabled && !row.name.isEmpty { fields.add(name: row.name, value: row.value) }
        let bodyText = body.text
        var request = Request(method: method, url: url, headers: fields,
                              body: bodyFile.map { .file(path: $0) } ?? (body.isEmpty ? .none : .bytes(Data(bodyText.utf8))), options: options)
        try applyParams(to: &request)
        try request.validate()
        return request
    }

    /// Loads a prepared request into the editor.
    public mutating func load(_ example: NamedRequest) {
        method = example.method
        url = TextField(example.url)
        headers = example.headers
        headerSelection = 0
        body = TextArea(example.body)
        lineEdit = nil
        isEditingBody = false
    }
}
