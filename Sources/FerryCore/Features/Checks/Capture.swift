/// A value taken from a response into a variable for the requests after it (`capture:` in a
/// request file): a body path, a header, the status, or a regular expression's first group over
/// the body. A secret capture is redacted wherever it is shown.
public struct Capture: Sendable, Hashable {
    /// Where the value comes from.
    public enum Source: Sendable, Hashable {
        /// `$.json.token` or `/root/id`.
        case body(path: String)
        case header(String)
        case status
        /// The first capture group (or the whole match when there is none) of the pattern in the body text.
        case regex(String)
        /// An XPath 1.0 expression over the body (a node-set's one node gives its text).
        case xpath(String)
    }

    public var name: String
    public var source: Source
    public var secret: Bool

    public init(name: String, source: Source, secret: Bool = false) {
        self.name = name
        self.source = source
        self.secret = secret
    }

    /// The source as a person reads it: `$.json.token`, `header Location`, `status`, `regex "id=(\d+)"`.
    public var sourceText: String {
        switch source {
        case .body(let path): path
        case .header(let name): "header \(name)"
        case .status: "status"
        case .regex(let pattern): "regex \(JSONStringLiteral.make(pattern))"
        case .xpath(let expression): "xpath \(JSONStringLiteral.make(expression))"
        }
    }
}
