/// Where a running load stands, as the runtime reads it a few times a second: counts, and the
/// latency percentiles, statuses and failures by cause of what was answered so far.
public struct LoadSnapshot: Hashable, Sendable {
    /// Seconds since the first request.
    public var elapsed: Double
    public var responses: Int
    public var failures: Int
    /// Requests completed in the last whole second.
    public var lastSecond: Int
    public var inFlight: Int
    /// p50, p90, p99 and max so far (empty before the first response).
    public var latency: [LoadResult.Percentile]
    /// Responses by status so far, lowest status first.
    public var statuses: [LoadResult.StatusCount]
    public var errors: [LoadResult.ErrorCount]
    /// The responses so far in ten equal ranges of latency.
    public var histogram: [LoadResult.Bucket]

    public init(
        elapsed: Double = 0, responses: Int = 0, failures: Int = 0, lastSecond: Int = 0, inFlight: Int = 0,
        latency: [LoadResult.Percentile] = [], statuses: [LoadResult.StatusCount] = [], errors: [LoadResult.ErrorCount] = [],
        histogram: [LoadResult.Bucket] = []
    ) {
        self.elapsed = elapsed
        self.responses = responses
        self.failures = failures
        self.lastSecond = lastSecond
        self.inFlight = inFlight
        self.latency = latency
        self.statuses = statuses
        self.errors = errors
        self.histogram = histogram
    }
}
