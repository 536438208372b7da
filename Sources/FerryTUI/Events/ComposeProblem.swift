/// Why the composer's line was not sent.
public struct ComposeProblem: Error, Sendable, Equatable {
    public var message: String
}
