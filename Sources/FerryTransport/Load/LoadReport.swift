import Foundation

/// The summary of a load: what `ferry load` prints and writes as `--json` (Documentation/load.md).
public struct LoadReport: Codable, Sendable, Equatable {
    public struct Latency: Codable, Sendable, Equatable {
        public var min = 0.0, mean = 0.0, p50 = 0.0, p75 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, p999 = 0.0, max = 0.0

        public init() {}

        enum CodingKeys: String, CodingKey {
            case min, mean, p50, p75, p90, p95, p99, max
            case p999 = "p99.9"
        }
    }

    /// Answered requests whose latency fell in one range (`histogram`).
    public struct Bucket: Codable, Sendable, Equatable {
        /// The range's upper end, in milliseconds.
        public var upTo: Double
        public var count: Int
    }

    /// Failures of one cause (`FerryError.TransportFailureReason.Kind`), with the first one's words.
    public struct ErrorCount: Codable, Sendable, Equatable {
        public var cause: String
        public var count: Int
        public var example: String
    }

    public struct SampleFailure: Codable, Sendable, Equatable {
        public var message: String
        public var count: Int
    }

    /// The client that sent the load (`ferry`, its own HTTP/1.1 client, or `curl`) and why it was chosen.
    public var engine: String
    public var engineReason: String
    /// `closed` (each connection sends when answered) or `open` (requests start at `rate`).
    public var model: String
    public var connections: Int
    public var rate: Double?
    /// Seconds from the first request to the end.
    public var elapsed: Double
    /// Requests answered or failed; those still in flight at the end are in `unfinished`.
    public var requests: Int
    public var responses: Int
    public var failures: Int
    /// Completed requests per second over `elapsed`.
    public var requestsPerSecond: Double
    /// From when each request was due (open model) or sent (closed model) to its last byte, in
    /// milliseconds; answered requests only.
    public var latency: Latency
    /// Answered requests by latency in ten equal ranges from the fastest to the slowest (as oha draws
    /// them); empty when nothing was answered.
    public var histogram: [Bucket]
    /// Responses by status code (as text: JSON keys are strings).
    public var statuses: [String: Int]
    public var httpVersions: [String: Int]
    public var errors: [ErrorCount]
    /// Response heads and bodies received, and request heads and bodies sent.
    public var bytesReceived: Int64
    public var bytesSent: Int64
    /// Requests completed in each second from the start.
    public var perSecond: [Int]
    /// Responses kept and checked against their request's `expect:`, and the failures among them.
    public var sampled: Int
    public var sampleFailures: [SampleFailure]
    /// Requests in flight (and, in the open model, due but not yet sent) when the run stopped; not counted above.
    public var unfinished: Int
    /// The run was stopped early (Ctrl-C), or why it gave up.
    public var interrupted: Bool
    public var abandoned: String?
}

extension LoadReport {
    init(
        statistics: LoadStatistics, engine: LoadEngine, engineReason: String, model: String, connections: Int, rate: Double?,
        elapsed: Double, unfinished: Int,
        interrupted: Bool, abandoned: String?
    ) {
        self.init(
            engine: engine.rawValue, engineReason: engineReason, model: model, connections: connections, rate: rate, elapsed: elapsed,
            requests: statistics.responses + statistics.failures, responses: statistics.responses, failures: statistics.failures,
            requestsPerSecond: elapsed > 0 ? Double(statistics.responses + statistics.failures) / elapsed : 0,
            latency: statistics.latencySummary, histogram: statistics.latencyBuckets(),
            statuses: Dictionary(uniqueKeysWithValues: statistics.statuses.map { (String($0.key), $0.value) }),
            httpVersions: statistics.httpVersions, errors: statistics.errorCounts,
            bytesReceived: statistics.bytesReceived, bytesSent: statistics.bytesSent, perSecond: statistics.perSecond,
            sampled: statistics.sampled, sampleFailures: statistics.sampleFailures, unfinished: unfinished,
            interrupted: interrupted, abandoned: abandoned)
    }
}
