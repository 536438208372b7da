/// A document that cannot be imported: malformed, or of a format version Ferry does not read,
/// with the place it went wrong (file, line and column, or a JSON pointer).
public struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or `standard input`).
    public var source: String
    /// `line 3, column 7`, `/item/2/request`, `command 2`; nil when the whole document is at fault.
    public var place: String?
    public var message: String

    public init(source: String, place: String? = nil, _ message: String) {
        self.source = source
        self.place = place
        self.message = message
    }

    public var description: String {
        [source, place].compactMap { $0 }.joined(separator: ": ") + ": " + message
    }
}
