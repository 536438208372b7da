import FerryCore
import FerryStore
import FerryTUI
import FerryTransport
import Foundation

/// The TUI's loads: the editor's request, or the collection's request files weighted, run by a
/// `LoadRunner` on its worker threads (as `ferry load` runs them), its progress read four times a
/// second and posted, then its report and the history's row (the first sampled exchange under a
/// `load-…` run, as `ferry load` writes it).
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

    /// A load of the editor's request.
    func start(_ outgoing: OutgoingRequest, settings: LoadSettings, id: Int) {
        let request = outgoing.resolved.request
        let conclusion = ResponseConclusion(
            evaluator: outgoing.expectations.evaluator(accept: request.headers["Accept"], fallback: .data), checks: outgoing.checks)
        let sample = FirstExchange()
        let target = LoadTarget(name: request.url.absoluteString, request: request) { response in
            sample.keep(request, response)
            return conclusion.conclude(response, method: request.method).failureLine
        }
        let origin = HistoryOrigin(collection: root, requestPath: outgoing.requestPath, environment: outgoing.environment)
        run([target], sample: sample, origin: origin, redaction: outgoing.resolved.redaction, settings: settings, id: id)
    }

    /// A load of every request file under the settings' folder of the collection, each resolved
    /// as a send resolves it (its folders' defaults, the environment's variables and connection),
    /// its `expect:` checking sampled responses, chosen by `--weight`s.
    func start(_ collectionLoad: CollectionLoad, settings: LoadSettings, id: Int) {
        guard let root else { return inbox.post(.loadFailed(id: id, "there is no collection open")) }
        let folder = settings.folder ?? ""
        let sample = FirstExchange()
        var targets: [LoadTarget] = []
        var redaction = Redaction()
        do {
            let weights = try LoadWeights(settings.weights)
            let collection = try RequestCollection(root: root)
            let resolver = VariableResolver(collectionLoad.variables)
            for entry in collection.requests where folder.isEmpty || entry.path.hasPrefix(folder + "/") {
                let description = entry.document
                let defaults = collection.defaults(forFolder: entry.folder).under(environment: collectionLoad.connection)
                let resolved = try description.resolved(with: resolver, defaults: defaults, access: FileAccessPolicy(collection: root))
                let request = resolved.request
                let conclusion = ResponseConclusion(
                    file: description, request: request,
                    checks: try description.checks.rendered(with: description.ownVariables(over: resolver)))
                redaction.add(resolved.redaction.rules)
                let weight = weights.weight(of: (root as NSString).appendingPathComponent(entry.path), relativePath: entry.path)
                targets.append(
                    LoadTarget(name: entry.path, request: request, weight: weight) { response in
                        sample.keep(request, response)
                        return conclusion.conclude(response, method: request.method).failureLine
                    })
            }
        } catch {
            return inbox.post(.loadFailed(id: id, ErrorChain(error).line))
        }
        guard !targets.isEmpty else {
            return inbox.post(.loadFailed(id: id, "no request file under \(folder.isEmpty ? "the collection" : folder + "/")"))
        }
        let origin = HistoryOrigin(collection: root, requestPath: nil, environment: collectionLoad.environment)
        run(targets, sample: sample, origin: origin, redaction: redaction, settings: settings, id: id)
    }

    /// Runs `targets` with the settings, posting snapshots four times a second, then the summary
    /// and the history's row (the first sampled exchange).
    private func run(
        _ targets: [LoadTarget], sample: FirstExchange, origin: HistoryOrigin, redaction: Redaction, settings: LoadSettings, id: Int
    ) {
        var connections = min(settings.connections, LoadConnectionLimit.raised())
        if let requests = settings.requests { connections = min(connections, requests) }
        let runner: LoadRunner
        do {
            runner = try LoadRunner(
                plan: LoadPlan(
                    targets: targets, connections: connections, threads: ProcessInfo.processInfo.activeProcessorCount,
                    requests: settings.requests, duration: settings.duration, rate: settings.rate))
        } catch {
            inbox.post(.loadFailed(id: id, ErrorChain(error).line))
            return
        }
        current = (id, runner)
        let inbox = self.inbox, history = self.history
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
            if let history, let first = sample.first {
                var origin = origin
                origin.run = "load-" + HistoryOrigin.newRunID(now: started)
                history.append(
                    FinishedExchange(
                        request: first.request, response: first.response, error: nil, started: started, origin: origin,
                        redaction: redaction))
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

/// Where the load's threads leave the first sampled exchange, for the history's row.
private final class FirstExchange: @unchecked Sendable {
    private let lock = NSLock()
    private var exchange: (request: Request, response: Response)?

    func keep(_ request: Request, _ response: Response) { lock.withLock { exchange = exchange ?? (request, response) } }
    var first: (request: Request, response: Response)? { lock.withLock { exchange } }
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
            errors: progress.errors.map { LoadResult.ErrorCount(cause: $0.cause, count: $0.count, example: $0.example) },
            histogram: progress.histogram.map { LoadResult.Bucket(upTo: $0.upTo, count: $0.count) })
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
            abandoned: report.abandoned, sampleFailures: report.sampleFailures.map { "\($0.message) ×\($0.count)" }, historyRun: historyRun,
            histogram: report.histogram.map { Bucket(upTo: $0.upTo, count: $0.count) })
    }
}
