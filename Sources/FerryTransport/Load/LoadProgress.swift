/// Where a running load stands, for a live progress line.
public struct LoadProgress: Sendable, Equatable {
    /// Seconds since the first request.
    public var elapsed: Double = 0
    public var responses = 0
    public var failures = 0
    /// Requests completed in the last whole second.
    public var lastSecond = 0
    public var inFlight = 0

    public init() {}
}
