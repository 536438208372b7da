import FerryCore
import Foundation

/// A problem in a user's YAML file (a theme, a keymap, a request, an environment): where it is and
/// what is wrong.
public struct ConfigProblem: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the whole file is the problem (unreadable, not YAML).
    public var line: Int?
    /// 1-based; nil when only the line is known.
    public var column: Int?
    /// The dotted path of the key, e.g. `styles.accent.fg`.
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    public var description: String { "\(location): \(summary)" }
    public var errorDescription: String? { description }

    /// `file:line:column`, as far as it is known.
    public var location: String {
        line.map { "\(file):\($0)" + (column.map { ":\($0)" } ?? "") } ?? file
    }

    /// The key and the message, without the location.
    public var summary: String { (key.map { "\($0): " } ?? "") + message }

    /// The problem as an input error of `FerryError` (exit code 1).
    public var asInvalidRequest: FerryError {
        .invalidRequest(reason: .invalidArgument(name: location, problem: summary))
    }
}
