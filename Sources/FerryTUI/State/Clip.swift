import FerryCore

/// What a copy puts on the clipboard: text the state holds, the response body's bytes (read by the
/// runtime), or the request written as a command (by the runtime, which has the exporters).
public enum Clip: Sendable {
    /// `text`, named by `what` ("the value of $.id").
    case text(String, what: String)
    /// The body's first `limit` bytes as text.
    case body(ByteSource, limit: Int)
    /// The request as a command in `format`, variables filled in, secrets kept as `{{name}}`.
    case request(RequestSource, variables: [Variable], format: Format)

    /// The command line tools a request is copied for.
    public enum Format: String, Sendable {
        case curl
        case httpie = "HTTPie"
    }

    /// The most body bytes copied: terminals drop larger OSC 52 requests.
    public static let bodyLimit = 1 << 20
}
