/// What a finished (or stopped) load measured, as the Load view shows it: `ferry load`'s summary.
public struct LoadResult: Hashable, Sendable {
    /// One latency percentile, in milliseconds (`p50`, `p99.9`, `max`).
    public struct Percentile: Hashable, Sendable {
        public var label: String
        public var milliseconds: Double

        public init(_ label: String, _ milliseconds: Double) {
            self.label = label
            self.milliseconds = milliseconds
        }
    }

    /// Responses of one status.
    public struct StatusCount: Hashable, Sendable {
        public var status: String
        public var count: Int

        public init(_ status: String, _ count: Int) {
            self.status = status
            self.count = count
        }
    }

    /// Answered requests whose latency fell in one range, up to `milliseconds`.
    public struct Bucket: Hashable, Sendable {
        public var upTo: Double
        public var count: Int

        public init(upTo: Double, count: Int) {
            self.upTo = upTo
            self.count = count
        }
    }

    /// Failures of one cause, with the first one's words.
    public struct ErrorCount: Hashable, Sendable {
        public var cause: String
        public var count: Int
        public var example: String

        public init(cause: String, count: Int, example: String) {
            self.cause = cause
            self.count = count
            self.example = example
        }
    }

    public var elapsed: Double
    public var requests: Int
    public var responses: Int
    public var failures: Int
    public var requestsPerSecond: Double
    /// min, p50 … p99.9, max.
    public var latency: [Percentile]
    /// Answered requests in ten equal ranges of latency, fastest first.
    public var histogram: [Bucket]
    /// Responses by status, lowest status first.
    public var statuses: [StatusCount]
    public var errors: [ErrorCount]
    /// Requests completed in each second from the start.
    public var perSecond: [Int]
    public var bytesReceived: Int64
    /// Requests in flight when the load stopped.
    public var unfinished: Int
    /// Stopped before its end (Esc), or why it gave up.
    public var interrupted: Bool
    public var abandoned: String?
    /// Sampled responses that failed the request's `expect:`, in one line each.
    public var sampleFailures: [String]
    /// The history run its row was recorded under (`load-…`), nil when none was.
    public var historyRun: String?

    public init(
        elapsed: Double, requests: Int, responses: Int, failures: Int, requestsPerSecond: Double, latency: [Percentile],
        statuses: [StatusCount], errors: [ErrorCount], perSecond: [Int], bytesReceived: Int64, unfinished: Int,
        interrupted: Bool, abandoned: String?, sampleFailures: [String], historyRun: String?, histogram: [Bucket] = []
    ) {
        self.elapsed = elapsed
        self.requests = requests
        self.responses = responses
        self.failures = failures
        self.requestsPerSecond = requestsPerSecond
        self.latency = latency
        self.statuses = statuses
        self.errors = errors
        self.perSecond = perSecond
        self.bytesReceived = bytesReceived
        self.unfinished = unfinished
        self.interrupted = interrupted
        self.abandoned = abandoned
        self.sampleFailures = sampleFailures
        self.historyRun = historyRun
        self.histogram = histogram
    }
}
