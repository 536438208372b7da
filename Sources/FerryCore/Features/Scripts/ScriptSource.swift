/// One script's JavaScript and where it was written, so an error in it names the file and the
/// file's line (`requests/login.ferry.yaml:14:9`).
public struct ScriptSource: Sendable, Hashable {
    public var text: String
    /// The file it was read from (a request file or `_folder.ferry.yaml`), or a name such as `send`.
    public var file: String
    /// The file's line the script's first line is on (1 when it is a file of its own).
    public var line: Int
    /// The columns before the script's text on each of its lines (a YAML block scalar's indentation).
    public var indent: Int

    public init(_ text: String, file: String = "script", line: Int = 1, indent: Int = 0) {
        self.text = text
        self.file = file
        self.line = line
        self.indent = indent
    }

    /// Two scripts are the same when their text is: where they were read does not make a request differ.
    public static func == (lhs: ScriptSource, rhs: ScriptSource) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
