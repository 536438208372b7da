import FerryCore

/// A request as the editor holds it: what a request file, a demo example or a history entry loads,
/// and what Ctrl-S saves. `{{variables}}` stay unresolved until the request is sent.
public struct NamedRequest: Hashable, Sendable {
    public var title: String
    public var method: HTTPMethod
    public var url: String
    public var headers: [HeaderRow]
    public var body: String
    /// A file sent as the body instead of the text (an absolute path).
    public var bodyFile: String?
    public var params: ParamTree
    /// Multipart parts in `ferry send -F` syntax (file paths absolute).
    public var parts: [MultipartRow]
    public var auth: Credentials?
    public var options: RequestOptions
    public var expectations: ResponseExpectations
    /// What the request's folders give it (not edited here): a base URL its relative URL resolves
    /// against, and headers sent unless the request sets them.
    public var baseURL: String?
    public var inheritedHeaders: [HeaderRow]
    /// What the request file holds that the editor cannot show (a null parameter, a text part with
    /// its own type…): such a request is not sent from the editor, so nothing is silently left out.
    public var omitted: [String]

    public init(title: String, method: HTTPMethod, url: String, headers: [HeaderRow] = [], body: String = "",
                bodyFile: String? = nil, params: ParamTree = ParamTree(), parts: [MultipartRow] = [], auth: Credentials? = nil,
                options: RequestOptions = RequestOptions(), expectations: ResponseExpectations = ResponseExpectations(),
                baseURL: String? = nil, inheritedHeaders: [HeaderRow] = [], omitted: [String] = []) {
        self.title = title
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.params = params.content
        self.parts = parts
        self.auth = auth
        self.options = options
        self.expectations = expectations
        self.baseURL = baseURL
        self.inheritedHeaders = inheritedHeaders
        self.omitted = omitted
    }
}
