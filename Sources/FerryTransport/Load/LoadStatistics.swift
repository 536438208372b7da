import FerryCore
import Histogram

/// What a load observed, as it goes: latencies in an HdrHistogram (microseconds, 3 significant
/// digits, up to an hour), status counts, failures by cause, bytes and completions per second.
/// Failed requests are counted but not in the latencies (as oha and wrk do). Pure: the runner records into it.
struct LoadStatistics {
    private static let highestLatency: UInt64 = 3_600_000_000
    /// Distinct messages kept for sampled checks that failed; more are counted under the last one.
    private static let sampleMessageLimit = 20

    private(set) var latencies = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: highestLatency, numberOfSignificantValueDigits: .three)
    private(set) var responses = 0
    private(set) var failures = 0
    private(set) var statuses: [Int: Int] = [:]
    private(set) var httpVersions: [String: Int] = [:]
    private(set) var errors: [FerryError.TransportFailureReason.Kind: LoadReport.ErrorCount] = [:]
    private(set) var bytesReceived: Int64 = 0
    private(set) var bytesSent: Int64 = 0
    /// Requests answered or failed in each second since the start.
    private(set) var perSecond: [Int] = []
    private(set) var sampled = 0
    private(set) var sampleFailures: [LoadReport.SampleFailure] = []

    mutating func recordResponse(status: Int, httpVersion: String, latency: UInt64, second: Int, received: Int64, sent: Int64) {
        responses += 1
        statuses[status, default: 0] += 1
        httpVersions[httpVersion, default: 0] += 1
        _ = latencies.record(min(max(latency, 1), Self.highestLatency))
        bytesReceived += received
        bytesSent += sent
        count(second)
    }

    mutating func recordFailure(kind: FerryError.TransportFailureReason.Kind, message: String, second: Int, sent: Int64) {
        failures += 1
        errors[kind, default: LoadReport.ErrorCount(cause: kind.rawValue, count: 0, example: message)].count += 1
        bytesSent += sent
        count(second)
    }

    /// A sampled response was checked; `failure` says why it did not pass.
    mutating func recordSample(failure: String?) {
        sampled += 1
        if let failure { recordFailedSample(failure) }
    }

    private mutating func recordFailedSample(_ failure: String, count: Int = 1) {
        if let index = sampleFailures.firstIndex(where: { $0.message == failure }) {
            sampleFailures[index].count += count
        } else if sampleFailures.count < Self.sampleMessageLimit {
            sampleFailures.append(LoadReport.SampleFailure(message: failure, count: count))
        } else {
            sampleFailures[sampleFailures.count - 1].count += count
        }
    }

    /// Adds what another worker of the same load observed.
    mutating func merge(_ other: LoadStatistics) {
        latencies.add(other.latencies)
        responses += other.responses
        failures += other.failures
        statuses.merge(other.statuses, uniquingKeysWith: +)
        httpVersions.merge(other.httpVersions, uniquingKeysWith: +)
        errors.merge(other.errors) { mine, theirs in
            LoadReport.ErrorCount(cause: mine.cause, count: mine.count + theirs.count, example: mine.example)
        }
        bytesReceived += other.bytesReceived
        bytesSent += other.bytesSent
        for (second, count) in other.perSecond.enumerated() where count > 0 { self.count(second, by: count) }
        sampled += other.sampled
        for failure in other.sampleFailures { recordFailedSample(failure.message, count: failure.count) }
    }

    private mutating func count(_ second: Int, by count: Int = 1) {
        if perSecond.count <= second { perSecond += Array(repeating: 0, count: second + 1 - perSecond.count) }
        perSecond[second] += count
    }

    /// The latency at `percentile` (0–100) in milliseconds; 0 when nothing was answered.
    func latency(at percentile: Double) -> Double {
        responses == 0 ? 0 : Double(latencies.valueAtPercentile(percentile)) / 1000
    }

    /// Min, mean, the percentiles and max in milliseconds; zeros when nothing was answered.
    var latencySummary: LoadReport.Latency {
        var summary = LoadReport.Latency()
        guard responses > 0 else { return summary }
        summary.min = Double(latencies.min) / 1000
        summary.mean = latencies.mean / 1000
        summary.p50 = latency(at: 50)
        summary.p75 = latency(at: 75)
        summary.p90 = latency(at: 90)
        summary.p95 = latency(at: 95)
        summary.p99 = latency(at: 99)
        summary.p999 = latency(at: 99.9)
        summary.max = Double(latencies.max) / 1000
        return summary
    }

    /// Answered requests in `count` equal ranges of latency from the fastest to the slowest, each
    /// range by its upper end in milliseconds; empty when nothing was answered. Each recorded value
    /// counts once, in the range its value falls in (the histogram's own buckets may straddle two).
    func latencyBuckets(_ count: Int = 10) -> [LoadReport.Bucket] {
        guard responses > 0 else { return [] }
        let low = latencies.min, high = latencies.max
        let width = Swift.max(1, (high - low + UInt64(count) - 1) / UInt64(count))
        let ranges = Swift.min(count, Int((high - low) / width) + 1)
        var counts = [Int](repeating: 0, count: ranges)
        for recorded in latencies.recordedValues() {
            let value = Swift.min(Swift.max(recorded.value, low), high)
            counts[Swift.min(ranges - 1, Int((value - low) / width))] += Int(recorded.count)
        }
        return counts.indices.map { index in
            let end = index == ranges - 1 ? high : low + UInt64(index + 1) * width - 1
            return LoadReport.Bucket(upTo: Double(end) / 1000, count: counts[index])
        }
    }

    /// The failures by cause, the most frequent first.
    var errorCounts: [LoadReport.ErrorCount] { errors.values.sorted { ($0.count, $1.cause) > ($1.count, $0.cause) } }

    /// Where the load stands by what was recorded, `elapsed` nanoseconds in, with `inFlight` requests out.
    func progress(elapsed: UInt64, inFlight: Int) -> LoadProgress {
        let second = Int(elapsed / 1_000_000_000)
        var progress = LoadProgress()
        progress.elapsed = Double(elapsed) / 1e9
        progress.responses = responses
        progress.failures = failures
        progress.lastSecond = second > 0 && perSecond.count >= second ? perSecond[second - 1] : 0
        progress.inFlight = inFlight
        progress.latency = latencySummary
        progress.histogram = latencyBuckets()
        progress.statuses = statuses
        progress.errors = errorCounts
        return progress
    }
}
