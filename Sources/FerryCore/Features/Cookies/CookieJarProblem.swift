/// A malformed line of a cookie file: where it is and what is wrong (the reader adds the file).
public struct CookieJarProblem: Error, Sendable, Hashable {
    /// 1-based.
    public var line: Int
    /// 1-based; nil when only the line is known.
    public var column: Int?
    public var message: String

    public init(line: Int, column: Int?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
