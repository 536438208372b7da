import FerryCore
import FerryStore
import Foundation

/// Runs a plan's requests in order through one exchange pipeline (connections, OAuth 2.0 tokens and
/// the cookie jar shared): each is resolved with
/// the variables so far, sent, validated as its file asks, checked against its `expect:`, and its
/// `capture:` values become variables for the requests after it. A request that needs a capture
/// that found nothing is skipped with the reason, never sent with an empty value.
public struct CollectionRunner: Sendable {
    /// Sends the requests: cookies, credentials, the transport.
    public var pipeline: ExchangePipeline
    public var settings: RunSettings
    /// Takes chained variables (`vars:` and the environment's `from:` entries) when a request needs
    /// them; nil when there are none to take.
    public var chainer: VariableChainer?
    /// Where the run's work is done: the transport's own thread, between its transfers (nil: anywhere).
    /// With it, requests are also handed to the transport ahead of their turn (`TransferTurn`), which
    /// only `CurlTransport`, whose thread this is, keeps.
    public var executor: (any TaskExecutor)?

    public init(
        pipeline: ExchangePipeline, settings: RunSettings = RunSettings(), chainer: VariableChainer? = nil,
        executor: (any TaskExecutor)? = nil
    ) {
        self.pipeline = pipeline
        self.settings = settings
        self.chainer = chainer
        self.executor = executor
    }

    /// Runs `plan` with `variables` (the environment and `--var`s); `onResult` sees each result in
    /// run order as it is known. Each exchange is recorded in the pipeline's history as it concludes.
    /// With an `executor`, the run's work happens there (the curl thread: no thread hop a request).
    public func run(
        _ plan: RunPlan, id: String, variables: VariableResolver,
        onResult: @Sendable (RunResult) -> Void = { _ in }
    ) async -> RunSummary {
        guard let executor else { return await runRounds(plan, id: id, variables: variables, onResult: onResult) }
        return await withTaskExecutorPreference(executor) {
            await runRounds(plan, id: id, variables: variables, onResult: onResult)
        }
    }

    private func runRounds(
        _ plan: RunPlan, id: String, variables: VariableResolver, onResult: @Sendable (RunResult) -> Void
    ) async -> RunSummary {
        var run = Progress(summary: RunSummary(id: id, results: [], redaction: variables.redaction))
        let rows = settings.dataRows.isEmpty ? [[]] : settings.dataRows
        let count = max(1, settings.repeatCount) * rows.count
        /// Round `number` (from 0): `--repeat`'s rounds, each over `--data`'s rows.
        let makeRound = { (number: Int) in
            Round(number: number, of: count, row: rows[number % rows.count], variables: variables, run: id)
        }
        guard settings.jobs == 1 else {
            for number in 0..<count {
                var round = makeRound(number)
                let items = plan.items
                var next = 0
                while next < items.count {
                    let batch = Self.batch(of: items, from: next, jobs: settings.jobs)
                    next += batch.count
                    let results = await send(batch, root: plan.root, round: round, stopped: run.stopped)
                    for (item, result) in zip(batch, results) { record(result, of: item, round: &round, run: &run, onResult: onResult) }
                }
                if run.summary.cancelled || run.stopped != nil { break }
            }
            return run.summary
        }
        // Scripts run on the run's thread: the curl loop, which they pump meanwhile (`pump`). Without
        // one (no transport's thread: a dry run), only when nothing else is on the wire; `runInOrder`
        // hops to the scripts' thread when something is (`scriptsBeside`).
        await ExchangeScripts.onCallersThread(pump: pump) {
            await runInOrder(plan, rounds: count, round: makeRound, run: &run, onResult: onResult)
        }
        return run.summary
    }

    /// The run so far: its results, and why it stopped (nil while it goes on).
    private struct Progress {
        var summary: RunSummary
        var stopped: String?
        /// Where a script asked the run to go next (`setNextRequest`), until the run goes there.
        var next: String??
    }

    /// Takes a result into the run, in order: its captures, its secrets, the report, whether the run stops.
    private func record(
        _ result: consuming RunResult, of item: RunPlan.Item, round: inout Round, run: inout Progress,
        onResult: @Sendable (RunResult) -> Void
    ) {
        round.absorb(result, of: item)
        if settings.dryRun { for name in Self.variablesSetAfterResponse(by: item) { round.setByScripts[name] = item.path } }
        run.summary.redaction.add(round.resolver.redaction.rules + result.redaction.rules)
        onResult(result)
        if run.stopped == nil { run.stopped = stopReason(after: result, of: item, summary: &run.summary) }
        if let next = result.nextRequest { run.next = next }
        if !settings.keepsExchanges { result.keepOnlyWhatReportsRead() }
        run.summary.results.append(result)
    }

    /// One request on the wire at a time, in order (`--jobs 1`), with the bookkeeping done while
    /// it is there: the request before it is checked and reported, and the one after it resolved,
    /// once it has gone out (the transport starts it before the task goes on) and before its answer
    /// comes. All on the curl thread, with no thread hop, scripts included: those that run beside
    /// a transfer pump the loop (`pump`), so its answer is read and the next request in its turn
    /// goes out while they run. (On a transport without a pump, the scripts beside a transfer go to
    /// the scripts' thread in one hop, `scriptsBeside`, so that the transport drives it meanwhile.)
    /// Only what cannot change the next request or
    /// the run's course waits like this: a request that captures or retries, whose scripts may
    /// (`scriptsCanChangeWhatFollows`), or any with `--bail`, is checked before the next one is sent;
    /// a look-ahead that would need a chained variable (which sends a request) is left to its turn.
    /// With `sendsAhead`, the request resolved ahead is also handed to the transport in the turn
    /// after this one's (`TransferTurn`): the transport starts it the moment this one's answer is in.
    /// The plan's files are read as the run reaches them (`RunPlan.item(at:)`): the first request
    /// goes out once its own file is read. The rounds (`--repeat`, `--data`) follow one another in
    /// the same way: the first request of a round is prepared and handed over while the last of
    /// the round before is on the wire, with the new round's variables (a round starts from the
    /// run's, whatever the round before captured). With an OpenAPI document that only warns, such
    /// a request's contract checks are queued once its answer is in and made in batches on another
    /// thread (`ContractCheckWorker`); it is concluded, in order, once they are made — or once they
    /// are `Limits.bound` old, or too many wait, the curl thread making them itself.
    private func runInOrder(
        _ plan: RunPlan, rounds: Int, round makeRound: (Int) -> Round, run: inout Progress,
        onResult: @Sendable (RunResult) -> Void
    ) async {
        let root = plan.root
        var roundIndex = 0
        var round = makeRound(0)
        // Contract checks that only warn are made after the response, in batches (`ContractCheckWorker`).
        let checks = settings.contract != nil && !settings.contractRefusesRequests ? ContractCheckWorker(settings.contractBatching) : nil
        // A child task gives the result of the request sent as its number, or nil: an alarm for verdicts overdue.
        await withTaskGroup(of: (Int, RunResult?).self) { group in
            var unchecked = Unconcluded(worker: checks)
            var alarm = false
            var prepared: Preparation?
            var ahead: SentAhead?
            var arrived: [Int: RunResult] = [:]
            var serial = 0
            var index = -1
            var jumps = 0
            /// The result of the request sent ahead as `number`. Meanwhile the requests whose contract
            /// verdicts are overdue are concluded, when an alarm set for the oldest goes off.
            func result(of number: Int) async -> RunResult {
                while arrived[number] == nil {
                    if !alarm, let due = unchecked.due, !Task.isCancelled {
                        alarm = true
                        group.addTask {
                            try? await Task.sleep(until: due, clock: .continuous)
                            return (0, nil)
                        }
                    }
                    guard let next = await group.next() else { break }
                    if let result = next.1 {
                        arrived[next.0] = result
                    } else {
                        alarm = false
                        await settle(&unchecked, round: &round, run: &run, onResult: onResult, all: false)
                    }
                }
                return arrived.removeValue(forKey: number)!
            }
            while true {
                index += 1
                if let next = run.next {
                    run.next = nil
                    prepared = nil
                    if let target = Self.target(of: next, in: plan.items, jumps: &jumps, stopped: &run.stopped) { index = target }
                }
                if roundIndex + 1 < rounds, plan.item(at: index) == nil {
                    // The round is over: its last request checked (the next round's first may be on the wire), the next round begins.
                    await withTaskExecutorPreference(unchecked.last.map { Self.hasScripts($0.sent.item) } == true ? scriptsBeside : nil) {
                        await settle(&unchecked, round: &round, run: &run, onResult: onResult)
                    }
                    if !run.summary.cancelled, run.stopped == nil {
                        roundIndex += 1
                        round = makeRound(roundIndex)
                        (index, jumps) = (0, 0)
                    }
                }
                var sentAhead = ahead.take()
                if let early = sentAhead, early.index != index || early.turn.declined || run.stopped != nil {
                    // Not sent (the turn before changed the jar or failed: sent in its own time), or no longer wanted.
                    _ = await result(of: early.number)
                    if early.index == index, run.stopped == nil { prepared = .ready(early.resolved, early.resolver, early.before) }
                    sentAhead = nil
                }
                guard let item = plan.item(at: index) else { break }
                let readied = prepared.take()
                if run.stopped != nil || item.description.retry != nil {
                    await settle(&unchecked, round: &round, run: &run, onResult: onResult)
                    let result: RunResult
                    if let stopped = run.stopped {
                        result = RunResult(item: item, iteration: round.iteration, status: .skipped, started: Date())
                        result.skipReason = stopped
                    } else {
                        result = await sendRetrying(item, root: root, round: round)
                    }
                    record(result, of: item, round: &round, run: &run, onResult: onResult)
                    continue
                }
                let inFlight: SentAhead
                if let sentAhead {
                    inFlight = sentAhead
                } else {
                    let preparation = if let readied { readied } else { await prepare(item, root: root, round: round) }
                    switch consume preparation {  // moved out, not copied: a request and its variables are large values
                    case .ready(let request, let variables, let report):
                        let turn = sendsInTurn(item, request.request) ? TransferTurn(after: nil) : nil
                        serial += 1
                        let number = serial
                        group.addTask { [item, iteration = round.iteration] in
                            (number, await transmit(item, iteration: iteration, resolved: request, turn: turn, checks: checks))
                        }
                        inFlight = SentAhead(
                            index: index, number: number, turn: turn ?? TransferTurn(after: nil), resolved: request, resolver: variables,
                            before: report, inTurn: turn != nil)
                    case .ended(let result):
                        await settle(&unchecked, round: &round, run: &run, onResult: onResult)
                        record(result, of: item, round: &round, run: &run, onResult: onResult)
                        continue
                    }
                    await Task.yield()  // the child task puts the request on the wire first
                }
                let (resolver, before) = (inFlight.resolver, inFlight.before)
                let waits = item.description.captures.isEmpty && !settings.bail && !Self.scriptsCanChangeWhatFollows(item, before: before)
                // The next request: the round's next, or the first of the next round.
                let next: (item: RunPlan.Item, index: Int, round: Round)? =
                    if !waits {
                        nil
                    } else if let item = plan.item(at: index + 1) {
                        (item, index + 1, round.continued(after: before))
                    } else if roundIndex + 1 < rounds, let item = plan.item(at: 0) {
                        (item, 0, makeRound(roundIndex + 1))
                    } else {
                        nil
                    }
                /// Hands the next request, prepared, to the transport in the turn after this one's: its
                /// child task runs on the transport's thread (`executor`), wherever the run is.
                func handOver(_ next: (item: RunPlan.Item, index: Int, round: Round)) {
                    guard inFlight.inTurn, case .ready(let request, let variables, let report)? = prepared,
                        sendsInTurn(next.item, request.request)
                    else { return }
                    prepared = nil
                    let turn = TransferTurn(after: inFlight.turn)
                    serial += 1
                    let number = serial
                    group.addTask(executorPreference: executor) { [iteration = next.round.iteration] in
                        (number, await transmit(next.item, iteration: iteration, resolved: request, turn: turn, checks: checks))
                    }
                    ahead = SentAhead(
                        index: next.index, number: number, turn: turn, resolved: request, resolver: variables, before: report,
                        inTurn: true)
                }
                // The request before's scripts after its response and the next one's pre-request
                // scripts, with the bookkeeping between them (in one hop to the scripts' thread
                // when the run's thread has no pump): the next one first, handed to the transport at once (its turn comes when this one's
                // answer is in, while the request before is checked), then the request before
                // (whose tests cannot change what the next one was prepared with, nor stop the run
                // but by a cancellation, which the next one's transfer then takes too).
                let scripted = unchecked.last.map { Self.hasScripts($0.sent.item) } == true || next.map { Self.hasScripts($0.item) } == true
                await withTaskExecutorPreference(scripted ? scriptsBeside : nil) {
                    if !scripted { await settle(&unchecked, round: &round, run: &run, onResult: onResult, all: unchecked.last != nil) }
                    if let next, run.stopped == nil {
                        prepared = await prepareAhead(next.item, root: root, round: next.round)
                        if scripted { handOver(next) }
                    }
                    if scripted { await settle(&unchecked, round: &round, run: &run, onResult: onResult, all: unchecked.last != nil) }
                }
                if let next, !scripted, run.stopped == nil { handOver(next) }
                var sent = await result(of: inFlight.number)
                if inFlight.turn.declined {  // its turn came after this look-ahead: sent now, in its own time
                    sent = await transmit(item, iteration: round.iteration, resolved: inFlight.resolved, checks: checks)
                } else if sentAhead != nil, let start = sent.response?.timeline.start {
                    sent.started = start  // handed over early, sent when its turn came
                }
                sent.beforeScripts = before
                if waits && sent.status != .error {
                    if let check = sent.contractCheck, let checks, !Self.hasScripts(item) {
                        checks.submit(check)
                        unchecked.checked.append(Unchecked(sent: sent, resolver: resolver, root: root))
                    } else {
                        unchecked.last = Unchecked(sent: sent, resolver: resolver, root: root)
                    }
                } else {
                    await settle(&unchecked, round: &round, run: &run, onResult: onResult)  // the requests before it first
                    record(
                        await concludeWithScripts(sent, of: item, resolver: resolver, root: root, round: round), of: item,
                        round: &round, run: &run, onResult: onResult)
                }
            }
            checks?.finish()  // what is still queued is made here
            await settle(&unchecked, round: &round, run: &run, onResult: onResult)
            if alarm { group.cancelAll() }
        }
    }

    /// A request handed to the transport (its child task `number` of the run's group), with what it
    /// was resolved with; `inTurn` when it takes `turn`, so the next request may follow it. A
    /// reference: the loop hands it on several times a request, and a copy of the request and its
    /// variables was dozens of retains.
    private final class SentAhead: Sendable {
        let index: Int
        let number: Int
        let turn: TransferTurn
        let resolved: ResolvedRequest
        let resolver: VariableResolver
        let before: ExchangeScripts.Report?
        let inTurn: Bool

        init(
            index: Int, number: Int, turn: TransferTurn, resolved: ResolvedRequest, resolver: VariableResolver,
            before: ExchangeScripts.Report?, inTurn: Bool
        ) {
            (self.index, self.number, self.turn, self.resolved) = (index, number, turn, resolved)
            (self.resolver, self.before, self.inTurn) = (resolver, before, inTurn)
        }
    }

    /// True when `request` may be handed to the transport in a turn (`sendsAhead`): one transfer
    /// with nothing to wait for — HTTP(S) or a gRPC call (whose schema, when reflection must give
    /// it, makes `GRPCTransport` decline the turn), no OAuth 2.0 (its token may need a request), no
    /// `delay` or `retry:`. A clear-text HTTP/2 transfer that finds its connection closed fails its
    /// turn and is sent again on a new one: the request after it is then declined and sent in its own time.
    private func sendsInTurn(_ item: RunPlan.Item, _ request: Request) -> Bool {
        guard sendsAhead, item.description.retry == nil, item.description.delay ?? 0 == 0, settings.delay == .zero else { return false }
        switch request.url.scheme?.lowercased() {
        case "http", "https", "grpc", "grpcs": break
        default: return false
        }
        if case .oauth2? = request.authentication ?? settings.authentication { return false }
        return true
    }

    /// The index of the request a script named with `setNextRequest` (its name, or its path with or
    /// without `.ferry.yaml`), or nil (the run stops, saying why): `null`, no such request, or more
    /// than 10,000 jumps in a round.
    private static func target(of next: String?, in items: [RunPlan.Item], jumps: inout Int, stopped: inout String?) -> Int? {
        guard let name = next else {
            stopped = stopped ?? "a script stopped the run (setNextRequest(null))"
            return items.count
        }
        jumps += 1
        guard jumps <= 10_000 else {
            stopped = stopped ?? "setNextRequest jumped more than 10,000 times in one round"
            return items.count
        }
        let found = items.firstIndex { item in
            item.title == name || item.path == name || item.path == name + RequestCollection.requestSuffix
        }
        if found == nil { stopped = stopped ?? "setNextRequest named \"\(name)\", which is not a request of this run" }
        return found ?? items.count
    }

    /// True when the request or its folders have scripts.
    static func hasScripts(_ item: RunPlan.Item) -> Bool { !item.scripts.isEmpty }

    /// True when the request's scripts after its response may change what the requests after it use
    /// or where the run goes (their text names a way to: a variable set, unset, cleared or deleted, a
    /// request sent, run, skipped or chosen next, the run stopped, a global of the context, `eval`),
    /// or its pre-request scripts chose the next request: the next request is then prepared after
    /// they have run. Otherwise it is prepared while this one is on the wire, its scripts after the
    /// response run while the next one is.
    static func scriptsCanChangeWhatFollows(_ item: RunPlan.Item, before: ExchangeScripts.Report?) -> Bool {
        guard hasScripts(item) else { return false }
        if before?.nextRequest != nil { return true }
        return item.scriptsAfterNameAChange
    }

    static let changingWords = [
        "set", "clear", "delete", "Request", "send", "skip", "next", "stop", "global", "this", "eval", "Function",
    ]

    /// A sent request whose checks wait.
    private struct Unchecked {
        var sent: RunResult
        var resolver: VariableResolver
        var root: String
    }

    /// The sent requests whose checks wait, in run order: those whose contract checks are queued to
    /// the worker, then at most one that waits for the next request to go out.
    private struct Unconcluded {
        let worker: ContractCheckWorker?
        var checked: [Unchecked] = []
        var last: Unchecked?

        /// When the oldest queued contract check is overdue.
        var due: ContinuousClock.Instant? {
            guard let worker, let check = checked.first?.sent.contractCheck else { return nil }
            return check.arrived + worker.limits.bound
        }

        /// True when `checked[index]` is to be concluded now: its verdicts are made, or overdue, or
        /// too many wait (the run's thread then makes them itself); `now` is read once, when needed.
        func isDue(at index: Int, now: inout ContinuousClock.Instant?) -> Bool {
            guard let worker, let check = checked[index].sent.contractCheck else { return true }
            if check.isMade || checked.count - index >= worker.limits.capacity { return true }
            if now == nil { now = .now }
            return now! - check.arrived >= worker.limits.bound
        }
    }

    /// Concludes and records the requests left unchecked, in order: all of them, or (not `all`)
    /// those whose contract checks are due (`Unconcluded.isDue`), up to the first that is not.
    private func settle(
        _ unchecked: inout Unconcluded, round: inout Round, run: inout Progress,
        onResult: @Sendable (RunResult) -> Void, all: Bool = true
    ) async {
        var concluded = 0
        var now: ContinuousClock.Instant?
        while concluded < unchecked.checked.count, all || unchecked.isDue(at: concluded, now: &now) {
            let waiting = unchecked.checked[concluded]
            record(
                await concludeWithScripts(
                    waiting.sent, of: waiting.sent.item, resolver: waiting.resolver, root: waiting.root, round: round),
                of: waiting.sent.item, round: &round, run: &run, onResult: onResult)
            concluded += 1
        }
        unchecked.checked.removeFirst(concluded)
        guard all, let waiting = unchecked.last.take() else { return }
        record(
            await concludeWithScripts(waiting.sent, of: waiting.sent.item, resolver: waiting.resolver, root: waiting.root, round: round),
            of: waiting.sent.item, round: &round, run: &run, onResult: onResult)
    }

    /// One pass over the plan: the variables so far (captures added as they come) and the captures
    /// that found nothing, by the request that should have taken them.
    private struct Round: Sendable {
        var resolver: VariableResolver
        var iteration: Int
        /// The run's id, for the history.
        var run: String
        var missing: [String: String] = [:]
        /// In a dry run: the variables the scripts after a response would have set, by the request whose response it is.
        var setByScripts: [String: String] = [:]
        /// The `--data` row, for scripts' `pm.iterationData`.
        var data: [String: String] = [:]
        /// Iterations in all.
        var count = 1

        /// Round `number` (from 0) of `count`: the run's variables with its `--data` row.
        init(number: Int, of count: Int, row: [Variable], variables: VariableResolver, run: String) {
            resolver = variables
            resolver.add(row)
            iteration = number + 1
            self.run = run
            data = Dictionary(row.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            self.count = count
        }

        /// The round as the next request sees it once the pre-request scripts' `report` has flowed on.
        func continued(after report: ExchangeScripts.Report?) -> Round {
            guard let report else { return self }
            var round = self
            round.resolver.add(report.variables)
            round.resolver.remove(report.unset)
            return round
        }

        mutating func absorb(_ result: RunResult, of item: RunPlan.Item) {
            resolver.add(result.checks.captured)
            resolver.remove(result.checks.unset)
            for capture in item.description.captures {
                let taken = result.checks.captured.contains { $0.name == capture.name }
                missing[capture.name] = taken ? nil : item.path
            }
        }
    }

    /// Why the run stops after this result (Ctrl-C, `--bail`, a transport failure), or nil.
    private func stopReason(after result: RunResult, of item: RunPlan.Item, summary: inout RunSummary) -> String? {
        if Task.isCancelled {
            summary.cancelled = true
            return "the run was cancelled"
        }
        if result.status == .failed && settings.bail { return "\(item.path) failed (--bail)" }
        if result.status == .error && !settings.continueOnError && !settings.dryRun {
            return "the run stopped after \(item.path) could not be sent (--continue-on-error goes on)"
        }
        return nil
    }

    /// The requests from `start` that may be sent at once: up to `jobs`, ending after one that
    /// captures (the requests after it may need its values).
    static func batch(of items: [RunPlan.Item], from start: Int, jobs: Int) -> ArraySlice<RunPlan.Item> {
        var end = start
        while end < items.count, end - start < max(1, jobs) {
            end += 1
            if !items[end - 1].description.captures.isEmpty { break }
        }
        return items[start..<end]
    }

    /// Sends a batch at once (one transport, its connections shared); results in the batch's order.
    private func send(_ batch: ArraySlice<RunPlan.Item>, root: String, round: Round, stopped: String?) async -> [RunResult] {
        if let stopped {
            return batch.map { item in
                let result = RunResult(item: item, iteration: round.iteration, status: .skipped, started: Date())
                result.skipReason = stopped
                return result
            }
        }
        return await withTaskGroup(of: (Int, RunResult).self) { group in
            for (index, item) in batch.enumerated() {
                group.addTask {
                    (index, await sendRetrying(item, root: root, round: round))
                }
            }
            var results: [(Int, RunResult)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Sends until the request passes or its `retry:` runs out, waiting its interval in between.
    private func sendRetrying(_ item: RunPlan.Item, root: String, round: Round) async -> RunResult {
        var result = await send(item, root: root, round: round, delayed: true)
        guard let retry = item.description.retry else { return result }
        var attempts = 1
        while result.status == .failed || result.status == .error && result.response == nil && result.request != nil,
            attempts <= retry.count
        {
            do {
                try await Task.sleep(for: .milliseconds(retry.interval))
            } catch {
                break
            }
            attempts += 1
            result = await send(item, root: root, round: round, delayed: false)
        }
        result.attempts = attempts
        return result
    }

    /// One request: prepare, transmit (after `--delay` when `delayed`), conclude.
    private func send(_ item: RunPlan.Item, root: String, round: Round, delayed: Bool) async -> RunResult {
        switch await prepare(item, root: root, round: round) {
        case .ended(let result):
            return result
        case .ready(let resolved, let resolver, let before):
            let result = await transmit(item, iteration: round.iteration, resolved: resolved, delayed: delayed)
            result.beforeScripts = before
            return await concludeWithScripts(result, of: item, resolver: resolver, root: root, round: round)
        }
    }

    /// A request made ready to send (resolved, and the variables it was resolved with, chained
    /// values included), or the result that ends it before the wire: skipped, or not resolvable.
    private enum Preparation: Sendable {
        /// With what its pre-request scripts left, when it has any.
        case ready(ResolvedRequest, VariableResolver, ExchangeScripts.Report?)
        case ended(RunResult)
    }

    /// Checks the request's `skip:`, runs its pre-request scripts and resolves it (as they left it),
    /// taking chained variables as needed.
    private func prepare(_ item: RunPlan.Item, root: String, round: Round) async -> Preparation {
        let (iteration, missing, setByScripts) = (round.iteration, round.missing, round.setByScripts)
        var resolver = round.resolver
        if let skipped = Self.skipped(item, iteration: iteration, resolver: resolver) { return .ended(skipped) }
        var item = item
        var before: ExchangeScripts.Report?
        let scripts = item.scripts
        if !scripts.before.isEmpty {
            let context = scriptContext(item, root: root, round: round)
            let report = await scripts.runBefore(item.description, resolver: &resolver, context: context)
            if let changed = report.request { item.description = changed }
            if report.skipRequest {
                let result = RunResult(item: item, iteration: iteration, status: .skipped, started: Date())
                result.skipReason = "a pre-request script skipped it (pm.execution.skipRequest)"
                report.apply(to: &result.checks)
                result.nextRequest = report.nextRequest
                return .ended(result)
            }
            before = report
        }
        do {
            let resolve = { [item] (variables: VariableResolver) in try Self.resolve(item, with: variables, root: root, settings: settings)
            }
            if let chainer {
                let (resolved, resolver) = try await chainer.resolving(resolver, own: item.description.chains, resolve)
                return .ready(resolved, resolver, before)
            }
            return .ready(try resolve(resolver), resolver, before)
        } catch FerryError.invalidRequest(.unresolvedVariable(let name, let place)) where missing[name] != nil {
            let result = RunResult(item: item, iteration: iteration, status: .skipped, started: Date())
            result.skipReason = "needs {{\(name)}}, which \(missing[name]!) did not capture"
            result.unreachable = UnreachableValue(kind: .capture, name: name, source: missing[name], place: place)
            return .ended(result)
        } catch FerryError.invalidRequest(.unresolvedVariable(let name, let place)) where setByScripts[name] != nil {
            let result = RunResult(item: item, iteration: iteration, status: .skipped, started: Date())
            result.skipReason = "needs {{\(name)}}, which the scripts of \(setByScripts[name]!) set after its response"
            result.unreachable = UnreachableValue(kind: .script, name: name, source: setByScripts[name], place: place)
            return .ended(result)
        } catch {
            let result = RunResult(item: item, iteration: iteration, status: .error, started: Date())
            let failure = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: item.path, problem: "\(error)"))
            result.error = failure
            result.unreachable = UnreachableValue(resolving: failure)
            return .ended(result)
        }
    }

    /// `prepare` done ahead, with the variables as they are: nil when that needs more (a chained
    /// variable, or a problem to report), which `prepare` then does in its turn. A request with
    /// pre-request scripts is prepared whole (they run) when neither they nor its resolving can send
    /// a request (one request on the wire at a time) and it is not retried (they would run again).
    private func prepareAhead(_ item: RunPlan.Item, root: String, round: Round) async -> Preparation? {
        let resolver = round.resolver
        if let skipped = Self.skipped(item, iteration: round.iteration, resolver: resolver) { return .ended(skipped) }
        guard Self.hasScripts(item) else {
            return (try? Self.resolve(item, with: resolver, root: root, settings: settings)).map { .ready($0, resolver, nil) }
        }
        let scripts = item.scripts
        let sends = scripts.before.contains { $0.source.mentions(["send", "Request"]) }
        guard !sends, item.description.retry == nil, item.description.chains.isEmpty, chainer?.hasChains != true else { return nil }
        return await prepare(item, root: root, round: round)
    }

    /// The item's request with `variables`, under its folder's and the environment's settings, reading
    /// files as the settings allow.
    private static func resolve(
        _ item: RunPlan.Item, with variables: VariableResolver, root: String,
        settings: RunSettings
    ) throws -> ResolvedRequest {
        let access = (settings.access ?? FileAccessPolicy(collection: root)).naming(item.path)
        return try item.description.resolved(
            with: variables, defaults: item.defaults.under(environment: settings.connection),
            access: access)
    }

    /// The variables the scripts after `item`'s response set by name (`pm.environment.set("id", …)`,
    /// `postman.setEnvironmentVariable`, `bru.setVar`…), for a dry run, where they do not run.
    private static func variablesSetAfterResponse(by item: RunPlan.Item) -> [String] {
        guard hasScripts(item) else { return [] }
        return item.scripts.after.flatMap { step in
            step.source.text.matches(of: /\.(?:set|setEnvironmentVariable|setGlobalVariable|setVar|setEnvVar)\(\s*["'`]([^"'`]+)["'`]/)
                .map { String($0.output.1) }
        }
    }

    /// The skipped result when the request's `skip:` holds.
    private static func skipped(_ item: RunPlan.Item, iteration: Int, resolver: VariableResolver) -> RunResult? {
        guard let skip = item.description.skip, let rendered = try? resolver.render(skip, place: "skip"), SkipCondition.holds(rendered)
        else { return nil }
        let result = RunResult(item: item, iteration: iteration, status: .skipped, started: Date())
        result.skipReason = "skip: \(rendered)"
        return result
    }

    /// Whether requests are handed to the transport ahead of their turn: on the curl transport's thread.
    private var sendsAhead: Bool { executor != nil }

    /// What keeps the transport's transfers going while a script runs on its thread: the curl
    /// loop's (`TransferPump`). With it, a run's scripts all run there, beside the request on the
    /// wire, with no hop to another thread and back (two wake-ups across cores a request).
    private var pump: (any TransferPump)? { executor as? any TransferPump }

    /// Where scripts run while a request is on the wire: where the run is, when its thread pumps
    /// its transfers (`pump`), else the scripts' thread, so the run's thread drives them meanwhile.
    private var scriptsBeside: (any TaskExecutor)? { pump == nil ? ExchangeScripts.executor : nil }

    /// Sends the resolved request under the run-wide settings (after `--delay` when `delayed`; a retry
    /// is not), in `turn` when given: the result with the response as it came, or with the
    /// transport's failure (`.error`).
    private func transmit(
        _ item: RunPlan.Item, iteration: Int, resolved: ResolvedRequest, delayed: Bool = true, turn: TransferTurn? = nil,
        checks: ContractCheckWorker? = nil
    ) async -> RunResult {
        var request = resolved.request
        if settings.allowsInsecureRedirect { request.options.allowsInsecureRedirect = true }
        if settings.keepsCredentialsOnRedirect { request.options.keepsCredentialsOnRedirect = true }
        if settings.followsRedirects { request.options.followRedirects = true }
        if let maxRedirects = settings.maxRedirects { request.options.maxRedirects = maxRedirects }
        for header in settings.headers { request.headers.add(name: header.name, value: header.value) }
        if request.authentication == nil, !request.headers.contains("Authorization") {
            request.authentication = settings.authentication
        }
        if settings.dryRun { return await planned(request, of: item, iteration: iteration, resolved: resolved) }
        let delay = item.description.delay.map { Duration.milliseconds($0) } ?? settings.delay  // the request's own wins
        if delayed, delay > .zero { try? await Task.sleep(for: delay) }
        // With `checks`, the contract is checked once the response is in (as a warning: the request
        // goes out whatever it finds) when the file asks for no evaluation, which could change the response.
        let later = checks != nil && item.description.expectations == nil
        let contract = later ? nil : settings.contract.map { ExchangeContract($0, method: request.method, url: request.url) }
        let verdict = contract?.check(request: request)
        if let verdict, !verdict.passed, settings.contractRefusesRequests {
            let refused = RunResult(item: item, iteration: iteration, status: .failed, started: Date())
            refused.checks = CheckReport(results: verdict.findings.map(\.result))
            refused.skipReason = "not sent: it breaks the contract (--contract-requests error)"
            return refused
        }
        let outcome =
            if let turn {
                await TransferTurn.$current.withValue(turn) {
                    await pipeline.transmit(request, timeLimit: settings.timeLimit, redaction: resolved.redaction)
                }
            } else {
                await pipeline.transmit(request, timeLimit: settings.timeLimit, redaction: resolved.redaction)
            }
        let result = RunResult(
            item: item, iteration: iteration, status: outcome.failure == nil ? .passed : .error, started: outcome.started)
        result.contract = contract
        result.contractWarnings = verdict?.findings.map(\.text) ?? []
        if later, let document = settings.contract {
            result.contractCheck = ContractCheck(document, request: request, response: outcome.response, worker: checks)
        }
        result.output = resolved.output
        result.request = outcome.request
        result.response = outcome.response
        result.error = outcome.failure
        result.redaction = outcome.redaction
        return result
    }

    /// A dry run's result for `request`, resolved and not sent: passed, or an error when its
    /// OAuth 2.0 token is not cached (fetching one would send a request).
    private func planned(_ request: Request, of item: RunPlan.Item, iteration: Int, resolved: ResolvedRequest) async -> RunResult {
        let result = RunResult(item: item, iteration: iteration, status: .passed, started: Date())
        result.request = request
        result.files = resolved.files
        result.redaction = resolved.redaction
        if case .oauth2(let oauth)? = request.authentication, await pipeline.tokens.freshToken(for: oauth) == nil {
            let token = UnreachableValue(kind: .oauth2Token, name: "access token", source: oauth.tokenURL)
            result.status = .error
            result.unreachable = token
            result.error = .invalidRequest(reason: .invalidArgument(name: "auth", problem: token.cause))
        }
        return result
    }

    /// `conclude` with the request's scripts: the pipeline runs its post-response and tests scripts
    /// on the response before recording it; their tests and the pre-request scripts' join its
    /// checks, the variables they set its captures.
    private func concludeWithScripts(
        _ sent: consuming RunResult, of item: RunPlan.Item, resolver: VariableResolver, root: String, round: Round
    ) async -> RunResult {
        if settings.dryRun {  // no response: what the pre-request scripts left is all there is
            let result = sent
            result.beforeScripts?.apply(to: &result.checks)
            result.nextRequest = result.beforeScripts?.nextRequest
            return result
        }
        guard Self.hasScripts(item) else { return await conclude(sent, of: item, resolver: resolver, root: root, run: round.run) }
        let scripts = item.scripts
        let before = sent.beforeScripts ?? ExchangeScripts.Report()
        let pending = PendingScripts(
            scripts: scripts, description: before.request ?? item.description, resolver: resolver,
            context: scriptContext(item, root: root, round: round), before: before)
        return await conclude(sent, of: item, resolver: resolver, root: root, run: round.run, scripts: pending)
    }

    /// Where `item`'s scripts run: its name and path, the round, the `--data` row; their requests
    /// go through the run's pipeline, the request files they run through its chainer.
    private func scriptContext(_ item: RunPlan.Item, root: String, round: Round) -> ExchangeScripts.Context {
        ExchangeScripts.Context(
            requestName: item.title, requestPath: item.path, iteration: round.iteration - 1, iterationCount: round.count,
            environment: settings.environment, iterationData: round.data,
            send: pipeline.scriptSender(
                origin: HistoryOrigin(collection: root, requestPath: item.path, environment: settings.environment, run: round.run),
                timeLimit: settings.timeLimit, files: chainer?.scriptFileRunner(resolver: round.resolver)))
    }

    /// The second half of a sent request's exchange: validated as the file asks, its `expect:`
    /// checked and its `capture:` values taken, its `scripts` run (`ExchangePipeline.conclude`),
    /// and recorded in the history as a request of run `run`.
    private func conclude(
        _ sent: consuming RunResult, of item: RunPlan.Item, resolver: VariableResolver, root: String, run: String,
        scripts: PendingScripts? = nil
    ) async -> RunResult {
        guard let request = sent.request else {  // not sent: what the pre-request scripts left is all there is
            let result = sent
            scripts?.before.apply(to: &result.checks)
            result.nextRequest = scripts?.before.nextRequest
            return result
        }
        var checks = item.description.checks
        var problem: FerryError?
        do {
            if checks.needsRendering { checks = try checks.rendered(with: item.description.ownVariables(over: resolver)) }
        } catch {
            problem = error as? FerryError
        }
        var conclusion = ResponseConclusion(file: item.description, request: request, checks: checks)
        conclusion.contract = sent.contract
        if let check = sent.contractCheck.take() {
            let verdicts = check.verdicts
            sent.contractWarnings = verdicts.request.findings.map(\.text)
            (conclusion.contract, conclusion.contractVerdict) = (verdicts.exchange, verdicts.response)
        }
        let outcome = await pipeline.conclude(
            ExchangeOutcome(
                request: request, started: sent.started, concluded: sent.response.map { Concluded(response: $0) },
                failure: sent.status == .error ? sent.error : nil, redaction: sent.redaction),
            with: conclusion,
            origin: HistoryOrigin(collection: root, requestPath: item.path, environment: settings.environment, run: run),
            scripts: scripts)
        let result = sent
        result.nextRequest = outcome.scripts?.nextRequest
        result.redaction = outcome.redaction
        guard result.status != .error, let concluded = outcome.concluded else {
            outcome.scripts?.apply(to: &result.checks)  // what the pre-request scripts left, with no response to check
            return result
        }
        result.response = concluded.response
        result.checks = concluded.checks ?? CheckReport()
        result.error = problem ?? concluded.error
        if result.error != nil || !result.checks.passed { result.status = .failed }
        return result
    }
}
