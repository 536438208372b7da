/// A source `ferry mock` cannot serve, with its file and why.
public struct MockSourceProblem: Error, Sendable, CustomStringConvertible {
    public var source: String
    public var message: String

    public init(source: String, _ message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}
