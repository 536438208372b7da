import FerryCore
import Foundation

/// Runs a `LoadPlan` on `threads` `LoadThread`s, each with its share of the connections and of the
/// schedule (as wrk's `-t`), on the engine `LoadEngine.choose` picks: `LoadSocketWorker`s (Ferry's
/// own HTTP/1.1 client) for plain HTTP/1.1, `LoadCurlWorker`s (a libcurl multi handle each) for the
/// rest (Benchmarks/README.md, "Load"). The first request goes alone — a name that does not resolve
/// ends the load after it — then the threads start together, their due times counted from the same start.
///
/// `stop` (any thread, e.g. on Ctrl-C) ends the run at once; `run` then returns what was measured.
public final class LoadRunner: @unchecked Sendable {
    /// The largest request body a load sends (it is kept in memory, once per connection).
    public static let bodyLimit = 64 << 20
    /// The most connections one libcurl multi handle holds.
    static let connectionsPerWorker = 256

    private let plan: LoadPlan
    private let workers: [any LoadThread]
    /// The engine sending the load, and why it was chosen.
    public let engine: LoadEngine
    public let engineReason: String

    /// Checks the plan and reads every request body once; throws before anything is sent.
    public init(plan: LoadPlan, environment: [String: String] = ProcessEnvironment.variables) throws {
        guard !plan.targets.isEmpty else { throw Self.invalid("target", "a load needs a request") }
        guard plan.connections > 0 else { throw Self.invalid("-c", "must be 1 or more") }
        guard plan.threads > 0 else { throw Self.invalid("--threads", "must be 1 or more") }
        guard plan.requests.map({ $0 > 0 }) ?? true else { throw Self.invalid("-n", "must be 1 or more") }
        guard plan.duration.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw Self.invalid("--duration", "must be a positive number of seconds")
        }
        guard plan.rate.map({ $0 > 0 && $0.isFinite }) ?? true else {
            throw Self.invalid("-r", "must be a positive number of requests per second")
        }
        guard plan.requests != nil || plan.duration != nil else { throw Self.invalid("-n/--duration", "a load needs one of them") }
        guard plan.targets.allSatisfy({ $0.weight > 0 }) else { throw Self.invalid("--weight", "weights must be 1 or more") }
        guard plan.sampleEvery > 0 else { throw Self.invalid("--sample", "must be 1 or more") }
        for target in plan.targets { try target.request.validate() }
        self.plan = plan
        let targets = try plan.targets.map { target in
            var request = target.request.authenticated()
            // No cookie engine: a load sends the cookies its request names, and keeps none a response sets.
            if request.cookies == nil { request.cookies = RequestCookies(jar: nil) }
            return LoadThreadTarget(request: request, body: try Self.bodyBytes(of: request), check: target.check)
        }
        (engine, engineReason) = LoadEngine.choose(for: targets.map(\.request), forced: plan.engine, environment: environment)
        // A libcurl worker holds at most `connectionsPerWorker`: libcurl walks every connection to the
        // host for each transfer it starts (Benchmarks/README.md, "Load").
        let needed = engine == .curl ? (plan.connections + Self.connectionsPerWorker - 1) / Self.connectionsPerWorker : 1
        let count = min(max(plan.threads, needed), plan.connections, plan.requests ?? .max)
        let sampler = LoadSampler(sampleEvery: plan.sampleEvery, bodyLimit: plan.sampleBodyLimit)
        let engine = engine
        workers = (0..<count).map { index -> any LoadThread in
            let schedule = LoadSchedule(
                weights: plan.targets.map(\.weight), requests: plan.requests, duration: plan.duration, rate: plan.rate, worker: index,
                of: count)
            let connections = plan.connections / count + (index < plan.connections % count ? 1 : 0)
            switch engine {
            case .ferry: return LoadSocketWorker(targets: targets, sampler: sampler, schedule: schedule, connections: connections)
            case .curl: return LoadCurlWorker(targets: targets, sampler: sampler, schedule: schedule, connections: connections)
            }
        }
    }

    /// Runs the load to its end (or `stop`), each worker on a thread of its own.
    public func run() async -> LoadReport {
        let start = DispatchTime.now().uptimeNanoseconds
        let outcomes = LoadOutcomes()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let workers = self.workers
            let finished = { @Sendable (index: Int, outcome: LoadThreadOutcome) in
                // A worker that gives up (a transfer libcurl refuses) ends the others' part too.
                if outcome.abandoned != nil { for worker in workers { worker.stop(interrupting: false) } }
                if outcomes.set(index, outcome) { continuation.resume() }
            }
            Self.spawn("ferry.load.0") {
                finished(
                    0,
                    workers[0].run(start: start, firstAlone: true) {
                        outcomes.expect(workers.count - 1)
                        for index in workers.indices.dropFirst() {
                            Self.spawn("ferry.load.\(index)") { finished(index, workers[index].run(start: start, firstAlone: false) {}) }
                        }
                    })
            }
        }
        return report(outcomes.all, start: start)
    }

    /// Ends the run as soon as the workers see it; what was answered by then is the report.
    public func stop() {
        for worker in workers { worker.stop(interrupting: true) }
    }

    /// Where the load stands: what the workers last published (within 200 ms), added up.
    public var progress: LoadProgress {
        var total = LoadThreadSnapshot()
        for snapshot in workers.map(\.snapshot) {
            total.statistics.merge(snapshot.statistics)
            total.elapsed = max(total.elapsed, snapshot.elapsed)
            total.inFlight += snapshot.inFlight
        }
        return total.statistics.progress(elapsed: total.elapsed, inFlight: total.inFlight)
    }

    private func report(_ outcomes: [LoadThreadOutcome], start: UInt64) -> LoadReport {
        var statistics = LoadStatistics()
        for outcome in outcomes { statistics.merge(outcome.statistics) }
        let end = outcomes.map(\.end).max() ?? start
        let unfinished = outcomes.reduce(0) { $0 + $1.unfinished }
        return LoadReport(
            statistics: statistics, engine: engine, engineReason: engineReason, model: plan.rate == nil ? "closed" : "open",
            connections: plan.connections, rate: plan.rate,
            elapsed: Double(end &- start) / 1e9, unfinished: unfinished, interrupted: outcomes.contains(where: \.interrupted),
            abandoned: outcomes.lazy.compactMap(\.abandoned).first)
    }

    private static func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    // MARK: - Helpers

    private static func bodyBytes(of request: Request) throws -> Data? {
        guard let source = try request.body.makeSource() else { return nil }
        if let length = source.length, length > bodyLimit { throw tooLarge() }
        let stream = try source.open()
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > bodyLimit { throw tooLarge() }
        }
    }

    private static func tooLarge() -> FerryError {
        invalid("body", "a load sends its request body from memory, at most \(bodyLimit >> 20) MiB")
    }

    private static func invalid(_ name: String, _ problem: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: name, problem: problem))
    }
}

/// The workers' outcomes as they end; the last one expected completes the run.
private final class LoadOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Int: LoadThreadOutcome] = [:]
    /// The first worker; the others once they are started.
    private var expected = 1

    func expect(_ more: Int) { lock.withLock { expected += more } }

    /// Keeps worker `index`'s outcome; true when every worker started has ended.
    func set(_ index: Int, _ outcome: LoadThreadOutcome) -> Bool {
        lock.withLock {
            outcomes[index] = outcome
            return outcomes.count == expected
        }
    }

    var all: [LoadThreadOutcome] { lock.withLock { outcomes.sorted { $0.key < $1.key }.map(\.value) } }
}
