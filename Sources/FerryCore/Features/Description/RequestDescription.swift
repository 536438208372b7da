import Foundation

/// What a user composed, wherever it was composed: a `<name>.ferry.yaml` file (FerryStore reads and
/// writes it as YAML), `ferry send`'s flags, the TUI's editor. Strings may hold `{{variables}}`;
/// they are resolved only by `resolved(with:defaults:directory:)`, the one place a `Request` is built.
public struct RequestDescription: Sendable, Equatable {
    /// The title; nil means the file's name.
    public var name: String?
    public var description: String?
    public var method: HTTPMethod = .get
    /// Absolute, or relative to the folder's base URL.
    public var url: String
    /// The query parameters, an ordered tree (an object).
    public var params: Parameters?
    /// Parameters kept but not sent (`disabledParams:`): rows switched off in the Params tab, and the
    /// disabled or optional query parameters of an import. Same tree shape as `params`.
    public var disabledParams: Parameters?
    /// How parameters (in the query and in form, JSON and property-list bodies) are written.
    public var parameterStyle = ParameterStyle()
    public var headers: [HeaderEntry] = []
    /// The request's own cookies (`cookies:`), in order: sent through the transport's cookie option
    /// beside the jar's, so that, unlike a `Cookie` header, they go on across a redirect to another host.
    public var cookies: [CookieEntry] = []
    public var body: Body = .none
    public var auth: Authentication?
    public var options = RequestOptions()
    /// Where the response's body is written (`options: {output: …}`, Hurl's `[Options] output:`):
    /// `-` for standard output, else a file relative to the collection, never outside it.
    public var output: String?
    /// Milliseconds `ferry run` waits before sending it (`options: {delay: …}`, Hurl's `[Options] delay:`),
    /// instead of the run's `--delay`.
    public var delay: Int?
    /// The proxy, Unix socket and client certificate (`options:` in a file, with the rest of the
    /// options); they win over the folder's and the environment's.
    public var connection = ConnectionSettings()
    /// What a response must be to be accepted and how its body is read (`validation:` and
    /// `serializer:` in a file); nil when nothing is asked (`ferry send` then takes any response).
    public var expectations: ResponseExpectations?
    /// Checks of the response after validation (`expect:`), in file order.
    public var assertions: [Assertion] = []
    /// Values taken from the response into variables for the requests after it (`capture:`).
    public var captures: [Capture] = []
    /// `ferry run` sends again until the checks hold (`retry:`), for an endpoint that becomes ready.
    public var retry: RetryPolicy?
    /// `ferry run` leaves the request out when this holds once its variables are filled in
    /// (`skip: "{{env}} == prod"`, `!=`, or `true`).
    public var skip: String?
    public var examples: [Example] = []
    /// The request's own variables (`vars:`): defaults for names the environment and `--var` leave unset.
    public var variables: [Variable] = []
    /// Variables taken from another request's response when needed (`vars:` entries with `from:`).
    public var chains: [VariableChain] = []
    /// JavaScript run before the request is resolved, after its response and as its tests (`scripts:`).
    public var scripts = RequestScripts()
    /// Its texts split into templates once (not part of its value: a cache equals any other).
    public let templates = TemplateCache()

    /// True when `disabledParams` are switched-off form fields (a form body and no query `params`),
    /// as the Params tab shows them; else they are query parameters.
    public var disabledParamsAreFormFields: Bool {
        guard params == nil, case .form = body else { return false }
        return true
    }

    public init(method: HTTPMethod = .get, url: String) {
        self.method = method
        self.url = url
    }

    /// One header line; a disabled one is kept in the file but not sent.
    public struct HeaderEntry: Sendable, Hashable {
        public var name: String
        public var value: String
        public var enabled: Bool

        public init(name: String, value: String, enabled: Bool = true) {
            self.name = name
            self.value = value
            self.enabled = enabled
        }
    }

    /// One cookie of `cookies:`, `{{variables}}` filled in when the request is resolved.
    public struct CookieEntry: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// `a=1; b=2`, as a `Cookie` field and curl's `-b` write them.
        public static func field(_ cookies: [CookieEntry]) -> String {
            cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        }

        /// The pairs of a `Cookie` field or of curl's `-b 'a=1; b=2'`; nil when a piece is not `name=value`.
        public static func pairs(of field: String) -> [CookieEntry]? {
            var cookies: [CookieEntry] = []
            for piece in field.split(separator: ";") {
                let pair = piece.trimmingCharacters(in: .whitespaces)
                if pair.isEmpty { continue }
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return nil }
                cookies.append(CookieEntry(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...])))
            }
            return cookies
        }
    }

    /// What the request sends after its headers.
    public enum Body: Sendable, Equatable {
        case none
        /// Text sent as written, with its Content-Type when given.
        case raw(String, contentType: String?)
        /// Bytes sent as they are, never templated (`ferry send -d`, `--data-binary @-`); saved as
        /// `raw` text when they are UTF-8.
        case bytes(Data, contentType: String?)
        case json(Parameters)
        /// `application/x-www-form-urlencoded`.
        case form(Parameters)
        case multipart([MultipartPart])
        /// An XML property list.
        case plist(Parameters)
        /// A file streamed from disk; a relative path is relative to the collection.
        case file(path: String, contentType: String?)
        /// A GraphQL query with its variables: a JSON `POST`, or a `GET` (`GraphQLBody.usesGET`).
        case graphql(GraphQLBody)
        /// A gRPC call's messages and schema source (`grpc://` URLs).
        case grpc(GRPCBody)
    }

    /// One part of a multipart body: a text field or a file (path relative to the collection).
    public struct MultipartPart: Sendable, Equatable {
        public enum Value: Sendable, Equatable {
            case text(String)
            case file(path: String)
        }

        public var name: String
        public var value: Value
        public var contentType: String?
        public var fileName: String?

        public init(name: String, value: Value, contentType: String? = nil, fileName: String? = nil) {
            self.name = name
            self.value = value
            self.contentType = contentType
            self.fileName = fileName
        }
    }

    /// A response saved with the request, to show what it returns.
    public struct Example: Sendable, Equatable {
        public var name: String
        public var status: Int
        public var headers: [HTTPHeader] = []
        public var body: String?

        public init(name: String, status: Int, headers: [HTTPHeader] = [], body: String? = nil) {
            self.name = name
            self.status = status
            self.headers = headers
            self.body = body
        }
    }
}
