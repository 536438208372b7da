/// Why an assertion or a capture could not be evaluated (a path that cannot be read, a body that is
/// not a document, a regular expression that does not compile).
public struct CheckProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
