import FerryCore

/// A script that failed, located: its file and the file's line and column, the phase, the error
/// as JavaScript named it and its stack.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var phase: RequestScripts.Phase
    public var file: String
    public var line: Int
    public var column: Int?
    /// `TypeError`, `SyntaxError`, `RangeError`… or `TimeLimit`.
    public var name: String
    public var message: String
    /// The JavaScript stack, one frame a line, when there was one.
    public var stack: String?

    public init(
        phase: RequestScripts.Phase, file: String, line: Int, column: Int? = nil, name: String, message: String, stack: String? = nil
    ) {
        self.phase = phase
        self.file = file
        self.line = line
        self.column = column
        self.name = name
        self.message = message
        self.stack = stack
    }

    /// `requests/login.ferry.yaml:14:9: tests script: TypeError: … [stack: …]`.
    public var description: String { location + ": " + detail }

    /// `requests/login.ferry.yaml:14:9`.
    public var location: String { ([file, String(line)] + (column.map { [String($0)] } ?? [])).joined(separator: ":") }

    /// `tests script: TypeError: … [stack: …]`, the stack's first frames.
    public var detail: String {
        var text = "\(phase.rawValue) script: \(name): \(message)"
        if let stack, !stack.isEmpty {
            text += " [stack: " + stack.split(separator: "\n").prefix(8).joined(separator: " ← ") + "]"
        }
        return text
    }
}
