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
        /// The body, a digest, the URL, a cookie, a variable… (`ResponseQuery`).
        case query(ResponseQuery)
    }

    public var name: String
    public var source: Source
    /// What the source's value goes through before it is kept (`split`, `nth`, `regex`…).
    public var filters: [ValueFilter]
    public var secret: Bool

    /// True when `name` can name a capture: no space at either end, and braces only as
    /// `{{variable}}` pieces, filled in when the request runs (`{{key}}`, `user_{{n}}`, Hurl's key templates).
    public static func isName(_ name: String) -> Bool {
        guard !name.isEmpty, name.trimmingWhitespace() == name else { return false }
        guard name.utf8.contains(UInt8(ascii: "{")) || name.utf8.contains(UInt8(ascii: "}")) else { return true }
        return Template(name).pieces.allSatisfy { piece in
            guard case .text(let text) = piece else { return true }
            return !text.utf8.contains(UInt8(ascii: "{")) && !text.utf8.contains(UInt8(ascii: "}"))
        }
    }

    public init(name: String, source: Source, filters: [ValueFilter] = [], secret: Bool = false) {
        self.name = name
        self.source = source
        self.filters = filters
        self.secret = secret
    }

    /// The source as a person reads it, with its filters: `$.json.token`, `header Location`,
    /// `status`, `regex "id=(\d+)"`, `cookie "sid" urlDecode`.
    public var sourceText: String { ([queryText] + filters.map(\.text)).joined(separator: " ") }

    private var queryText: String {
        switch source {
        case .body(let path): path
        case .header(let name): "header \(name)"
        case .status: "status"
        case .regex(let pattern): "regex \(JSONStringLiteral.make(pattern))"
        case .xpath(let expression): "xpath \(JSONStringLiteral.make(expression))"
        case .query(let query): query.text
        }
    }
}
