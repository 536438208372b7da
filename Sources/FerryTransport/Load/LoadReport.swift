import Foundation

/// The summary of a load: what `ferry load` prints and writes as `--json` (Documentation/load.md).
public struct LoadReport: Codable, Sendable, Equatable {
    public struct Latency: Codable, Sendable, Equatable {
        public var min, mean, p50, p75, p90, p95, p99, p999, max: Double

        enum CodingKeys: String, CodingKey {
            case min, mean, p50, p75, p90, p95, p99, max
            case p999 = "p99.9"
        }
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
        let histogram = statistics.latencies
        let answered = statistics.responses > 0
        self.init(
            engine: engine.rawValue, engineReason: engineReason, model: model, connections: connections, rate: rate, elapsed: elapsed,
            requests: statistics.responses + statistics.failures, responses: statistics.responses, failures: statistics.failures,
            requestsPerSecond: elapsed > 0 ? Double(statistics.responses + statistics.failures) / elapsed : 0,
            latency: Latency(
                min: answered ? Double(histogram.min) / 1000 : 0, mean: answered ? histogram.mean / 1000 : 0,
                p50: statistics.latency(at: 50), p75: statistics.latency(at: 75), p90: statistics.latency(at: 90),
                p95: statistics.latency(at: 95), p99: statistics.latency(at: 99), p999: statistics.latency(at: 99.9),
                max: answered ? Double(histogram.max) / 1000 : 0),
            statuses: Dictionary(uniqueKeysWithValues: statistics.statuses.map { (String($0.key), $0.value) }),
            httpVersions: statistics.httpVersions,
            errors: statistics.errors.values.sorted { ($0.count, $1.cause) > ($1.count, $0.cause) },
            bytesReceived: statistics.bytesReceived, bytesSent: statistics.bytesSent, perSecond: statistics.perSecond,
            sampled: statistics.sampled, sampleFailures: statistics.sampleFailures, unfinished: unfinished,
            interrupted: interrupted, abandoned: abandoned)
    }
}
