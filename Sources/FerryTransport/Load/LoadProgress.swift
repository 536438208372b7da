/// Where a running load stands, for a live view: counts, the latency percentiles so far, statuses
/// and failures by cause — what the summary will say, as it goes.
public struct LoadProgress: Sendable, Equatable {
    /// Seconds since the first request.
    public var elapsed: Double = 0
    public var responses = 0
    public var failures = 0
    /// Requests completed in the last whole second.
    public var lastSecond = 0
    public var inFlight = 0
    /// The latencies of the responses so far (milliseconds; zeros before the first).
    public var latency = LoadReport.Latency()
    /// The responses so far by latency, in ten ranges (`LoadReport.histogram`).
    public var histogram: [LoadReport.Bucket] = []
    /// Responses by status code so far.
    public var statuses: [Int: Int] = [:]
    /// Failures by cause so far, the most frequent first.
    public var errors: [LoadReport.ErrorCount] = []

    public init() {}
}
