import Foundation

/// The Load view's room: a load of the editor's request from its start to its summary — the
/// snapshots the runtime reads a few times a second, the requests per second over the run, then
/// what `ferry load` would print.
public struct LoadPane: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case running
        /// Esc was pressed; the summary of what was measured follows.
        case stopping
        case finished(LoadResult)
        /// The load could not start (a plan the runner refused, a request that cannot be sent).
        case failed(String)
    }

    /// The load's id: messages of an older load are dropped.
    public var id: Int
    /// `GET http://…/json`.
    public var target: String
    public var settings: LoadSettings
    public var snapshot = LoadSnapshot()
    /// Requests completed in each whole second so far (the whole run's once finished).
    public var rates: [Int] = []
    public var phase = Phase.running

    public init(id: Int, target: String, settings: LoadSettings) {
        self.id = id
        self.target = target
        self.settings = settings
    }

    /// True until the summary (or the failure) arrived.
    public var isRunning: Bool { phase == .running || phase == .stopping }

    /// A snapshot of the running load: the last whole second's count joins the rates.
    mutating func progressed(_ snapshot: LoadSnapshot) {
        guard isRunning else { return }
        self.snapshot = snapshot
        let second = Int(snapshot.elapsed) - 1
        guard second >= 0 else { return }
        if rates.count <= second { rates += Array(repeating: 0, count: second + 1 - rates.count) }
        rates[second] = snapshot.lastSecond
    }

    mutating func finished(_ result: LoadResult) {
        phase = .finished(result)
        rates = result.perSecond
        snapshot.elapsed = result.elapsed
        snapshot.responses = result.responses
        snapshot.failures = result.failures
        snapshot.inFlight = 0
    }

    // MARK: - What the view draws

    /// The view's lines for `width` columns: the target, where the load stands, the requests per
    /// second over the run, the latency percentiles as bars (as oha draws its distribution) — p50,
    /// p90, p99 and max live while the load runs, min to p99.9 and max once finished — the statuses
    /// and the errors by cause.
    public func lines(width: Int) -> [[Span]] {
        var lines: [[Span]] = [[Span(target, .accent), Span("  " + settings.flags, .muted)], standing]
        if case .failed(let why) = phase { return lines + [[], [Span("✗ " + why, .error)]] }
        lines += [[], [Span("Requests/s over time", .accent), Span(rates.isEmpty ? "" : "  peak \(rates.max()!)/s", .muted)]]
        lines.append([Span(Self.sparkline(rates, width: max(1, width)), .progress)])
        guard case .finished(let result) = phase else {
            guard snapshot.responses + snapshot.failures > 0 else { return lines }
            return lines + Self.measured(snapshot.latency, snapshot.statuses, snapshot.errors, width: width, live: true)
                + Self.histogram(snapshot.histogram, width: width)
        }
        lines += Self.measured(result.latency, result.statuses, result.errors, width: width, live: false)
        if let abandoned = result.abandoned { lines.append([Span("✗ gave up: " + abandoned, .error)]) }
        for failure in result.sampleFailures { lines.append([Span("✗ sampled response: " + failure, .error)]) }
        if let run = result.historyRun { lines.append([Span("recorded in the history as run \(run)", .muted)]) }
        // Last, below what a short screen must keep in view.
        return lines + Self.histogram(result.histogram, width: width)
    }

    /// The latency percentiles as bars, the statuses and the errors by cause: so far, or of the whole load.
    private static func measured(
        _ latency: [LoadResult.Percentile], _ statuses: [LoadResult.StatusCount], _ errors: [LoadResult.ErrorCount], width: Int,
        live: Bool
    ) -> [[Span]] {
        var lines: [[Span]] = [
            [], [Span("Latency", .accent), Span(live ? "  so far, from send to last byte" : "  from send to last byte", .muted)],
        ]
        let longest = max(latency.map(\.milliseconds).max() ?? 0, 0.001)
        let room = max(1, width - 20)
        for percentile in latency {
            let bar = String(repeating: "■", count: max(0, Int((percentile.milliseconds / longest * Double(room)).rounded())))
            lines.append([
                Span(percentile.label.padding(toLength: 6, withPad: " ", startingAt: 0), .muted),
                Span(Self.milliseconds(percentile.milliseconds).leftPadded(to: 11) + "  "), Span(bar, .progress),
            ])
        }
        lines += [[], [Span("Statuses ", .accent)] + statuses.map { Span("\($0.status) ×\($0.count)  ", Self.role(of: $0.status)) }]
        if statuses.isEmpty { lines[lines.count - 1].append(Span("no response", .muted)) }
        for error in errors { lines.append([Span("✗ \(error.cause) ×\(error.count): ", .error), Span(error.example, .muted)]) }
        return lines
    }

    /// The answered requests by latency range, a bar each scaled to the fullest range (as oha draws them).
    private static func histogram(_ buckets: [LoadResult.Bucket], width: Int) -> [[Span]] {
        guard let fullest = buckets.map(\.count).max(), fullest > 0 else { return [] }
        var lines: [[Span]] = [[], [Span("Histogram", .accent), Span("  requests by latency", .muted)]]
        let room = max(1, width - 26)
        let countWidth = String(fullest).count
        for bucket in buckets {
            let bar = String(repeating: "■", count: (bucket.count * room + fullest - 1) / fullest)
            lines.append([
                Span(("≤ " + Self.milliseconds(bucket.upTo)).leftPadded(to: 13) + "  ", .muted),
                Span("[" + String(bucket.count).leftPadded(to: countWidth) + "] "), Span(bar, .progress),
            ])
        }
        return lines
    }

    /// The second line: where the load stands, or what it did.
    private var standing: [Span] {
        let counts = "\(snapshot.responses) answered · \(snapshot.failures) failed"
        switch phase {
        case .running, .stopping:
            var left = ""
            if let duration = settings.duration {
                left = " · \(Self.seconds(max(0, duration - snapshot.elapsed))) left"
            } else if let requests = settings.requests {
                left = " · \(max(0, requests - snapshot.responses - snapshot.failures)) left"
            }
            let verb = phase == .stopping ? "stopping" : "running"
            return [
                Span("\(verb) \(Self.seconds(snapshot.elapsed))\(left)", .progress),
                Span(" · \(counts) · \(snapshot.inFlight) in flight · \(snapshot.lastSecond)/s"),
            ]
        case .finished(let result):
            let how = result.interrupted ? "stopped after" : "finished in"
            return [
                Span("\(how) \(Self.seconds(result.elapsed))", result.failures == 0 && !result.interrupted ? .success : .error),
                Span(" · \(result.requests) requests · \(counts) · \(Self.number(result.requestsPerSecond)) requests/s"),
                Span(" · \(ByteCountText.format(result.bytesReceived)) received", .muted),
                Span(result.unfinished > 0 ? " · \(result.unfinished) unanswered when stopped" : "", .muted),
            ]
        case .failed: return [Span("not started", .error)]
        }
    }

    private static func role(of status: String) -> Theme.Role {
        Int(status).map(StatusLineView.statusRole) ?? .base
    }

    /// `values` as one row of block characters, one a second; a run longer than `width` seconds is
    /// drawn a bucket of seconds a column (their mean).
    static func sparkline(_ values: [Int], width: Int) -> String {
        guard !values.isEmpty else { return "(the first second is still running)" }
        let per = (values.count + width - 1) / width
        let columns = stride(from: 0, to: values.count, by: per).map { start in
            let bucket = values[start..<min(values.count, start + per)]
            return Double(bucket.reduce(0, +)) / Double(bucket.count)
        }
        let peak = max(columns.max() ?? 0, 1)
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(columns.map { blocks[min(7, Int(($0 / peak * 7).rounded()))] })
    }

    /// `3.2 s`.
    static func seconds(_ value: Double) -> String { number(value) + " s" }

    /// `12.35 ms`, `1.20 s` past a second.
    static func milliseconds(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f s", value / 1000) : String(format: "%.2f ms", value)
    }

    /// A number with at most one decimal: `2130`, `3.2`.
    static func number(_ value: Double) -> String {
        value.rounded() == value || value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

extension String {
    /// Padded with spaces on the left to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
