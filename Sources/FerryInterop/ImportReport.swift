import FerryCore

/// What an import brought across, what it had to approximate and what it dropped, each with where
/// in the source it came from: nothing is ever left out silently.
public struct ImportReport: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case imported, approximated, dropped
    }

    public struct Note: Sendable, Equatable, Encodable {
        public var kind: Kind
        /// Where in the source (`item[3].request.auth`, `paths./pets.post`, `command 1: --proxy`).
        public var place: String
        public var message: String

        public init(_ kind: Kind, at place: String, _ message: String) {
            self.kind = kind
            self.place = place
            self.message = message
        }
    }

    public var notes: [Note] = []

    public init() {}

    public mutating func imported(_ place: String, _ message: String) { notes.append(Note(.imported, at: place, message)) }
    public mutating func approximated(_ place: String, _ message: String) { notes.append(Note(.approximated, at: place, message)) }
    public mutating func dropped(_ place: String, _ message: String) { notes.append(Note(.dropped, at: place, message)) }

    /// What an imported request reading `path` means (`subject`: "the body", "the file part avatar"): a
    /// path relative to the collection folder, or one outside it that is not sent until the user allows it.
    public static func readingNote(_ subject: String, _ path: String) -> String {
        CollectionPath.leavesFolder(path)
            ? "\(subject) reads \(path), outside the collection: it will not be sent unless you allow it with --allow-outside"
            : "\(subject) reads \(path) relative to the collection folder"
    }

    /// The notes of one kind.
    public func notes(_ kind: Kind) -> [Note] { notes.filter { $0.kind == kind } }

    /// The report for people: a count per kind, then the approximated and dropped notes, one a line.
    public var lines: [String] {
        let counts = [Kind.imported, .approximated, .dropped].map { "\(notes($0).count) \($0.rawValue)" }
        var lines = ["report: " + counts.joined(separator: ", ")]
        for kind in [Kind.approximated, .dropped] {
            lines += notes(kind).map { "  \(kind.rawValue): \($0.place): \($0.message)" }
        }
        return lines
    }
}
