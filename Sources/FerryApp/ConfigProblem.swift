/// A problem in a user's theme or keymap file: where it is and what is wrong. Ferry reports it and
/// carries on with the default.
public struct ConfigProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the whole file is the problem (unreadable, not YAML).
    public var line: Int?
    /// The dotted path of the key, e.g. `styles.accent.fg`.
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): " + (key.map { "\($0): " } ?? "") + message
    }
}
