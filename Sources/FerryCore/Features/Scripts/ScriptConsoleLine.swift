/// A line a script printed with `console.log`, `info`, `warn`, `error` or `debug`.
public struct ScriptConsoleLine: Sendable, Hashable {
    public var level: String
    public var text: String

    public init(level: String, text: String) {
        self.level = level
        self.text = text
    }

    /// `[warn] text`, or the text alone for `console.log`.
    public var line: String { level == "log" ? text : "[\(level)] \(text)" }
}
