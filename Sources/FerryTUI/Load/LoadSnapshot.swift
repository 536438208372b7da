/// Where a running load stands, as the runtime reads it a few times a second.
public struct LoadSnapshot: Hashable, Sendable {
    /// Seconds since the first request.
    public var elapsed: Double
    public var responses: Int
    public var failures: Int
    /// Requests completed in the last whole second.
    public var lastSecond: Int
    public var inFlight: Int

    public init(elapsed: Double = 0, responses: Int = 0, failures: Int = 0, lastSecond: Int = 0, inFlight: Int = 0) {
        self.elapsed = elapsed
        self.responses = responses
        self.failures = failures
        self.lastSecond = lastSecond
        self.inFlight = inFlight
    }
}
