/// A `.proto` file that could not be read, parsed or linked, located as protoc locates it:
/// `file:line:column: problem` (line and column count from 1).
public struct ProtoSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var problem: String

    public init(file: String, line: Int = 0, column: Int = 0, _ problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String { line > 0 ? "\(file):\(line):\(column): \(problem)" : "\(file): \(problem)" }
}
