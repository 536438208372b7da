/// What of an exchange a check or a capture looks at, beyond the status, headers, body paths and
/// XPath of `Assertion.Subject` (Hurl's queries of the same names).
public enum ResponseQuery: Sendable, Hashable {
    /// The body as text (UTF-8, or the Content-Type's charset).
    case body
    /// The body's bytes: `count` is its length, `== "0a1b…"` compares its hex.
    case bytes
    case sha256, md5
    /// The URL of the final response, after redirects.
    case url
    /// The URLs that answered with a redirect (or an answered challenge), oldest first.
    case redirects
    /// A cookie the response sets: `name` gives its value, `name[Attribute]` one of its attributes
    /// (`Value`, `Expires`, `Max-Age`, `Domain`, `Path`, `Secure`, `HttpOnly`, `SameSite`).
    case cookie(String)
    /// A variable's value: one captured from this response, or one the request was resolved with.
    case variable(String)
    /// The first group (or the whole match when there is none) of the pattern's first match in the body text.
    case regex(String)
    /// A gRPC call's status code (its trailers' `grpc-status`, or its head's when it had no body);
    /// checks name it by number or by name (`NOT_FOUND`).
    case grpcStatus
    /// A gRPC call's status message (`grpc-message`, percent-decoded).
    case grpcMessage

    /// The query's words on a check line: `sha256`, `cookie "sid[Secure]"`, `regex "id=(\\d+)"`.
    public var text: String {
        switch self {
        case .body: "body"
        case .bytes: "bytes"
        case .sha256: "sha256"
        case .md5: "md5"
        case .url: "url"
        case .redirects: "redirects"
        case .cookie(let name): "cookie \(JSONStringLiteral.make(name))"
        case .variable(let name): "variable \(JSONStringLiteral.make(name))"
        case .regex(let pattern): "regex \(JSONStringLiteral.make(pattern))"
        case .grpcStatus: "grpc-status"
        case .grpcMessage: "grpc-message"
        }
    }

    /// The queries that take no argument, by their word.
    static let bare: [String: ResponseQuery] = [
        "body": .body, "bytes": .bytes, "sha256": .sha256, "md5": .md5, "url": .url, "redirects": .redirects,
        "grpc-status": .grpcStatus, "grpc-message": .grpcMessage,
    ]
}
