/// Where and why a document (JSON, XML, property list) failed to parse.
public struct DocumentParseError: Error, Sendable, Hashable {
    /// Byte offset into the body, 0-based.
    public var offset: Int
    /// 1-based line and column (in characters) of `offset`.
    public var line: Int
    public var column: Int
    /// What went wrong, in a few words ("unterminated string").
    public var message: String
    /// What the parser expected there, when it knows ("a value", "`,` or `]`").
    public var expected: String?
    /// A short, terminal-safe excerpt of the text around `offset`.
    public var excerpt: String

    public init(offset: Int, line: Int, column: Int, message: String, expected: String? = nil, excerpt: String = "") {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
        self.excerpt = excerpt
    }
}
