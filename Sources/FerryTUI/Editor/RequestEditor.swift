import FerryCore

/// The request editor, a room of the TUI: what the request panes show and edit, and the
/// description it was loaded from. `description()` is the editor as a `RequestDescription`, and a
/// request is only ever built by resolving that (`resolved(with:)`), as request files and `ferry
/// send` are.
public struct RequestEditor: Sendable {
    public static let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options]

    /// The request pane's tab shown.
    public var tab = RequestTab.headers
    public var method: HTTPMethod = .get
    public var url = TextField()
    public var headers: [HeaderRow] = [HeaderRow(name: "Accept", value: "*/*")]
    public var headerSelection = 0
    public var body = TextArea()
    public var isEditingBody = false
    /// The body is a GraphQL query (`body`) with its variables (`graphQL`), edited side by side.
    public var graphQL: GraphQLEditing?
    /// The gRPC schema outline of a server (`grpc://host:port`), kept for completion once read.
    public var grpcSchema: (server: String, outline: GRPCSchemaOutline)?
    /// A file sent as the body (an absolute path), streamed from disk; while set it replaces the text body.
    public var bodyFile: String?
    public var params = ParamTree()
    /// Multipart parts in `ferry send -F` syntax (file paths absolute).
    public var parts: [MultipartRow] = []
    public var partSelection = 0
    /// The credentials, applied when the request is sent (the Auth tab).
    public var auth: Authentication?
    /// The selected row of the Auth tab (`AuthField.fields(of: auth)`).
    public var authSelection = 0
    public var options = RequestOptions()
    /// The request's own proxy, Unix socket and client certificate (its file's `options:`, a pasted
    /// curl command's `-x`…); the environment's and folders' apply under them.
    public var connection = ConnectionSettings()
    public var optionSelection = OptionRow.timeout
    public var expectations = ResponseExpectations()
    /// The Expect tab: one assertion or capture per line (`CheckLine`), as `ferry run` checks them.
    public var checks: [String] = []
    public var checkSelection = 0
    /// The Scripts tab: the request's own pre-request, post-response and tests scripts.
    public var scripts = RequestScripts()
    public var scriptSelection = RequestScripts.Phase.preRequest
    /// The row being edited in the Headers, Multipart or Options tab.
    public var lineEdit: LineEdit?
    /// Where the editor's request came from; a new request comes from an empty description.
    public internal(set) var source: RequestSource
    /// The editable fields as they were when the source was loaded or saved: a group of fields that
    /// still equals its pristine value is taken from the source as it is, so untouched fields keep
    /// their exact form (a JSON tree stays a tree, `page: 2` stays a number).
    var pristine: Fields?
    /// What the source holds that the editor cannot show (a null parameter, a text part with its
    /// own type…): such a request is not sent from the editor, so nothing is silently left out.
    public internal(set) var omitted: [String] = []

    /// An empty editor for a new request whose relative paths are read from `root`.
    public init(root: String = "") {
        source = RequestSource(title: "", description: RequestDescription(url: ""), root: root)
    }

    /// The editor holding `source`: every field of the description in the tab that shows it.
    public init(loading source: RequestSource) {
        self.init(root: source.root)
        load(source)
    }

    /// The folders' headers that are sent: enabled ones whose name no enabled row of the editor sets.
    public var inheritedHeadersSent: [HeaderRow] {
        let own = Set(headers.filter { $0.enabled && !$0.name.isEmpty }.map { $0.name.lowercased() })
        return source.defaults.headers.filter { $0.enabled && !own.contains($0.name.lowercased()) }
    }

    /// The request with `variables` filled in and checked, with the redaction of the secrets it
    /// holds; throws `FerryError.invalidRequest` when it cannot be sent. Its files are read as
    /// `access` allows: a collection's boundary, or (nil) anything from the source's folder.
    public func resolved(
        with variables: [Variable], environment connection: ConnectionSettings = ConnectionSettings(),
        access: FileAccessPolicy? = nil
    ) throws -> ResolvedRequest {
        guard omitted.isEmpty else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(
                    name: source.title.isEmpty ? "the request" : source.title,
                    problem:
                        "its \(omitted.joined(separator: ", ")) cannot be shown in the editor, and Ferry will not send the request without them; send it whole with `ferry send` on the file"
                ))
        }
        return try description().resolved(
            with: VariableResolver(variables), defaults: source.defaults.under(environment: connection),
            access: access ?? .unbounded(directory: source.root))
    }

    /// True when the editor differs from its source.
    public var hasEdits: Bool { fields != pristine }

    /// Makes what the editor holds the new source (after a save), so it has no edits.
    public mutating func markSaved(as saved: RequestSource) {
        source = saved
        pristine = fields
    }

    /// The editable fields, without selections and cursors.
    struct Fields: Equatable, Sendable {
        var method: HTTPMethod
        var url: String
        var headers: [HeaderRow]
        var body: String
        var graphQL: GraphQLBody?
        var bodyFile: String?
        var params: ParamTree
        var parts: [MultipartRow]
        var auth: Authentication?
        var options: RequestOptions
        var connection: ConnectionSettings
        var expectations: ResponseExpectations
        var checks: [String]
        var scripts: RequestScripts
    }

    var fields: Fields {
        Fields(
            method: method, url: url.text, headers: headers, body: body.text, graphQL: graphQL?.body(query: body.text), bodyFile: bodyFile,
            params: params.content,
            parts: parts, auth: auth, options: options, connection: connection, expectations: expectations, checks: checks,
            scripts: scripts)
    }
}
