import FerryCore
import FerryTransport
import Foundation

/// A `LoadReport` as text for people: a line per part, latencies in milliseconds.
struct LoadSummary {
    /// Seconds of the per-second series shown; a longer run shows its first ones and "…".
    static let secondsShown = 30

    var report: LoadReport
    var target: String

    var lines: [String] {
        var lines: [String] = []
        let model = report.rate.map { "open model at \(Self.number($0))/s" } ?? "closed model"
        lines.append("Target       \(target)")
        let engine = report.engine == LoadEngine.ferry.rawValue ? "ferry's own HTTP/1.1 client" : "libcurl"
        lines.append("Engine       \(engine) (\(report.engineReason))")
        lines.append(
            "Requests     \(report.requests) in \(Self.number(report.elapsed)) s: \(Self.number(report.requestsPerSecond))/s (\(model), \(report.connections) connection\(report.connections == 1 ? "" : "s"))"
        )
        let versions = report.httpVersions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("Responses    \(report.responses)" + (versions.isEmpty ? "" : " (\(versions))"))
        if report.responses > 0 {
            let latency = report.latency
            let parts = [
                ("min", latency.min), ("mean", latency.mean), ("p50", latency.p50), ("p75", latency.p75), ("p90", latency.p90),
                ("p95", latency.p95), ("p99", latency.p99), ("p99.9", latency.p999), ("max", latency.max),
            ]
            lines.append("Latency ms   " + parts.map { "\($0.0) \(Self.number($0.1))" }.joined(separator: "  "))
            lines += Self.histogram(report.histogram)
            let statuses = report.statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: "  ")
            lines.append("Statuses     \(statuses)")
        }
        for error in report.errors {
            let kind = FerryError.TransportFailureReason.Kind(rawValue: error.cause)?.message ?? error.cause
            lines.append("Failures     \(kind) ×\(error.count): \(error.example)")
        }
        lines.append("Transferred  \(Self.bytes(report.bytesReceived)) received, \(Self.bytes(report.bytesSent)) sent")
        if report.perSecond.count > 1 {
            let shown = report.perSecond.prefix(Self.secondsShown).map(String.init).joined(separator: " ")
            lines.append("Per second   " + shown + (report.perSecond.count > Self.secondsShown ? " …" : ""))
        }
        if report.sampled > 0 {
            let failed = report.sampleFailures.reduce(0) { $0 + $1.count }
            lines.append("Checks       \(report.sampled) responses sampled, " + (failed == 0 ? "all passed" : "\(failed) failed"))
            for failure in report.sampleFailures { lines.append("  ✗ \(failure.message) ×\(failure.count)") }
        }
        if report.unfinished > 0 {
            lines.append("Unfinished   \(report.unfinished) requests were due or in flight when the run stopped (not counted)")
        }
        if report.interrupted { lines.append("Stopped by Ctrl-C after \(Self.number(report.elapsed)) s.") }
        return lines
    }

    /// The widest bar of the histogram, in characters.
    static let barWidth = 40

    /// One line per latency range, `  ≤ 2.50 ms  [ 1234] ■■■■■…`, bars scaled to the fullest range (as oha draws them).
    static func histogram(_ buckets: [LoadReport.Bucket]) -> [String] {
        guard let fullest = buckets.map(\.count).max(), fullest > 0 else { return [] }
        let bounds = buckets.map { number($0.upTo) }
        let boundWidth = bounds.map(\.count).max() ?? 0
        let countWidth = String(fullest).count
        return zip(bounds, buckets).map { bound, bucket in
            let bar = String(repeating: "■", count: (bucket.count * barWidth + fullest - 1) / fullest)
            let count = String(repeating: " ", count: countWidth - String(bucket.count).count) + String(bucket.count)
            return "  ≤ " + String(repeating: " ", count: boundWidth - bound.count) + bound + " ms  [" + count + "] " + bar
        }
    }

    /// Up to 2 decimals, fewer for large numbers.
    static func number(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.0f", value) : value >= 100 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }
}
