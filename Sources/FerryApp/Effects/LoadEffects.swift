import FerryCore
import FerryStore
import FerryTUI
import FerryTransport
import Foundation

/// The TUI's loads: the editor's request run by a `LoadRunner` on its worker threads (as `ferry
/// load` runs it), its progress read four times a second and posted, then its report and the
/// history's row (the first sampled exchange under a `load-…` run, as `ferry load` writes it).
final class LoadEffects {
    private let inbox: MessageInbox
    private let history: HistoryWriter?
    /// The collection's folder, for the history's origin.
    private let root: String?
    /// The load running, or the last one (the TUI runs one at a time).
    private var current: (id: Int, runner: LoadRunner)?

    init(inbox: MessageInbox, history: HistoryWriter?, root: String?) {
        self.inbox = inbox
        self.history = history
        self.root = root
    }

    func start(_ outgoing: OutgoingRequest, settings: LoadSettings, id: Int) {
        let request = outgoing.resolved.request
        let conclusion = ResponseConclusion(
            evaluator: outgoing.expectations.evaluator(accept: request.headers["Accept"], fallback: .data), checks: outgoing.checks)
        let sample = FirstResponse()
        let target = LoadTarget(name: request.url.absoluteString, request: request) { response in
            sample.keep(response)
            return conclusion.conclude(response, method: request.method).failureLine
        }
        var connections = min(settings.connections, LoadConnectionLimit.raised())
        if let requests = settings.requests { connections = min(connections, requests) }
        let runner: LoadRunner
        do {
            runner = try LoadRunner(
                plan: LoadPlan(
                    targets: [target], connections: connections, threads: ProcessInfo.processInfo.activeProcessorCount,
                    requests: settings.requests, duration: settings.duration, rate: settings.rate))
        } catch {
            inbox.post(.loadFailed(id: id, ErrorChain(error).line))
            return
        }
        current = (id, runner)
        let inbox = self.inbox, history = self.history
        let origin = HistoryOrigin(collection: root, requestPath: outgoing.requestPath, environment: outgoing.environment)
        let redaction = outgoing.resolved.redaction
        Task.detached {
            let started = Date()
            let reading = Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    inbox.post(.loadProgressed(id: id, LoadSnapshot(runner.progress)))
                }
            }
            let report = await runner.run()
            reading.cancel()
            var run: String?
            if let history, let response = sample.first {
                var origin = origin
                origin.run = "load-" + HistoryOrigin.newRunID(now: started)
                history.append(
                    FinishedExchange(
                        request: request, response: response, error: nil, started: started, origin: origin, redaction: redaction))
                run = origin.run
            }
            inbox.post(.loadFinished(id: id, LoadResult(report, historyRun: run)))
        }
    }

    /// Stops load `id`; its summary follows.
    func stop(_ id: Int) {
        if let current, current.id == id { current.runner.stop() }
    }

    /// Stops the load (the TUI is quitting).
    func stopAll() {
        current?.runner.stop()
    }
}

/// Where the load's threads leave the first sampled response, for the history's row.
private final class FirstResponse: @unchecked Sendable {
    private let lock = NSLock()
    private var response: Response?

    func keep(_ response: Response) { lock.withLock { self.response = self.response ?? response } }
    var first: Response? { lock.withLock { response } }
}

extension LoadSnapshot {
    /// `progress` as the Load view draws it: p50, p90, p99 and max once something was answered.
    init(_ progress: LoadProgress) {
        let latency = progress.latency
        self.init(
            elapsed: progress.elapsed, responses: progress.responses, failures: progress.failures, lastSecond: progress.lastSecond,
            inFlight: progress.inFlight,
            latency: progress.responses == 0
                ? []
                : [
                    LoadResult.Percentile("p50", latency.p50), LoadResult.Percentile("p90", latency.p90),
                    LoadResult.Percentile("p99", latency.p99), LoadResult.Percentile("max", latency.max),
                ],
            statuses: progress.statuses.sorted { $0.key < $1.key }.map { LoadResult.StatusCount(String($0.key), $0.value) },
            errors: progress.errors.map { LoadResult.ErrorCount(cause: $0.cause, count: $0.count, example: $0.example) })
    }
}

extension LoadResult {
    /// `report` as the Load view shows it.
    init(_ report: LoadReport, historyRun: String?) {
        let latency = report.latency
        self.init(
            elapsed: report.elapsed, requests: report.requests, responses: report.responses, failures: report.failures,
            requestsPerSecond: report.requestsPerSecond,
            latency: [
                Percentile("min", latency.min), Percentile("p50", latency.p50), Percentile("p75", latency.p75),
                Percentile("p90", latency.p90), Percentile("p95", latency.p95), Percentile("p99", latency.p99),
                Percentile("p99.9", latency.p999), Percentile("max", latency.max),
            ],
            statuses: report.statuses.sorted { $0.key < $1.key }.map { StatusCount($0.key, $0.value) },
            errors: report.errors.map { ErrorCount(cause: $0.cause, count: $0.count, example: $0.example) }, perSecond: report.perSecond,
            bytesReceived: report.bytesReceived, unfinished: report.unfinished, interrupted: report.interrupted,
            abandoned: report.abandoned, sampleFailures: report.sampleFailures.map { "\($0.message) ×\($0.count)" }, historyRun: historyRun)
    }
}
