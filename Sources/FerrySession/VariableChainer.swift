import FerryCore
import FerryScript
import FerryStore
import FerryTransport
import Foundation

/// Takes the values of chained variables (`VariableChain`) when a request needs them: the request
/// file they come from is sent first, through the same pipeline (its OAuth 2.0 tokens, cookie jar
/// and history too), and the value taken from its response is kept for the session — and, for a chain with a `ttl`, in the `ChainValueCache`, so
/// the next command reuses it until the ttl runs out. `ferry send`, `ferry run` and the TUI use it
/// alike. A chain that needs itself (directly or through other chains) is an error naming the files.
public final class VariableChainer: @unchecked Sendable {
    /// A request sent to take a chained variable, for stderr or the status line.
    public struct Sent: Sendable {
        public var chain: VariableChain
        public var outcome: ExchangeOutcome

        /// `login.ferry.yaml for {{token}} (200 OK)`, or `(no answer)`.
        public var announcement: String {
            let answer = outcome.response.map { "\($0.status) \($0.reasonPhrase)".trimmingCharacters(in: .whitespaces) } ?? "no answer"
            return "\(chain.request) for {{\(chain.name)}} (\(answer))"
        }
    }

    private let root: String
    /// The files the chained requests may read, and the proxy they may name.
    private let access: FileAccessPolicy
    private let environment: String?
    /// The run the chained requests belong to in the history (`ferry run`'s id).
    private let run: String?
    private let chains: [String: VariableChain]
    /// The environment's proxy and client certificate, for the requests sent for chains too.
    private let connection: ConnectionSettings
    private let pipeline: ExchangePipeline
    private let cache: ChainValueCache?
    /// The time limit of a chained request whose file sets none.
    private let timeLimit: RequestTimeLimit
    private let now: @Sendable () -> Date
    private let onSent: @Sendable (Sent) -> Void
    private let lock = NSLock()
    /// Values taken in this session, with when they were taken.
    private var taken: [String: (value: Variable, at: Date)] = [:]
    /// Top-level takes in flight, so requests sent at once (`--jobs`) share one login.
    private var inFlight: [String: Task<(Variable, sent: Sent?), any Error>] = [:]

    /// A chainer for the collection at `root` with the chains of its environment; its requests read
    /// files as `access` allows (by default, only inside the collection).
    public init(
        root: String, environment: String?, chains: [VariableChain], connection: ConnectionSettings = ConnectionSettings(),
        pipeline: ExchangePipeline,
        cache: ChainValueCache?, timeLimit: RequestTimeLimit = RequestTimeLimit(), now: @escaping @Sendable () -> Date = Date.init,
        access: FileAccessPolicy? = nil, run: String? = nil, onSent: @escaping @Sendable (Sent) -> Void = { _ in }
    ) {
        self.root = root
        self.access = access ?? FileAccessPolicy(collection: root)
        self.environment = environment
        self.run = run
        self.chains = Dictionary(chains.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.connection = connection
        self.pipeline = pipeline
        self.cache = cache
        self.timeLimit = timeLimit
        self.now = now
        self.onSent = onSent
    }

    /// Runs `attempt` with `resolver`; each time it fails on a chained variable with no value (the
    /// environment's chains, and `own`, a request file's), that value is taken and `attempt` runs
    /// again. Returns what `attempt` made and the resolver with the values taken.
    public func resolving<Result>(
        _ resolver: VariableResolver, own: [VariableChain] = [],
        _ attempt: (VariableResolver) throws -> Result
    ) async throws -> (Result, VariableResolver) {
        try await resolving(resolver, own: own, stack: [], attempt)
    }

    /// True when the environment has chained variables (resolving a request may send one).
    public var hasChains: Bool { !chains.isEmpty }

    /// The value of `chain` (its request sent unless a fresh value is kept), with the variables of
    /// `resolver`, and the request sent for it (nil when a kept value served).
    public func value(of chain: VariableChain, resolver: VariableResolver) async throws -> (Variable, sent: Sent?) {
        try await value(of: chain, resolver: resolver, stack: [])
    }

    private func resolving<Result>(
        _ resolver: VariableResolver, own: [VariableChain], stack: [String],
        _ attempt: (VariableResolver) throws -> Result
    ) async throws -> (Result, VariableResolver) {
        var resolver = resolver
        var tried: Set<String> = []
        while true {
            do {
                return (try attempt(resolver), resolver)
            } catch FerryError.invalidRequest(.unresolvedVariable(let name, let place)) {
                guard let chain = own.last(where: { $0.name == name }) ?? chains[name], tried.insert(name).inserted else {
                    throw FerryError.invalidRequest(reason: .unresolvedVariable(name: name, place: place))
                }
                resolver.add([try await value(of: chain, resolver: resolver, stack: stack).0])
            }
        }
    }

    /// The chain's value: from this session or the cache while fresh, else taken by sending its request.
    private func value(of chain: VariableChain, resolver: VariableResolver, stack: [String]) async throws -> (Variable, sent: Sent?) {
        if let fresh = freshValue(of: chain) { return (fresh, nil) }
        guard !stack.contains(chain.request) else {
            let cycle = (stack + [chain.request]).joined(separator: " → ")
            throw FerryError.invalidRequest(
                reason: .chainFailed(
                    name: chain.name, request: chain.request,
                    underlying: CheckProblem("the chain comes back to a request already waiting for it: \(cycle)")))
        }
        guard stack.isEmpty else { return try await take(chain, resolver: resolver, stack: stack) }
        let task = lock.withLock { () -> Task<(Variable, sent: Sent?), any Error> in
            if let running = inFlight[chain.name] { return running }
            let started = Task { try await take(chain, resolver: resolver, stack: stack) }
            inFlight[chain.name] = started
            return started
        }
        defer { lock.withLock { inFlight[chain.name] = nil } }
        return try await task.value
    }

    private func freshValue(of chain: VariableChain) -> Variable? {
        let time = now()
        if let kept = lock.withLock({ taken[chain.name] }),
            chain.ttl.map({ time.timeIntervalSince(kept.at) < Double($0) }) ?? true
        {
            return kept.value
        }
        return cache?.value(of: chain, now: time).map { Variable(name: chain.name, value: $0, isSecret: chain.capture.secret) }
    }

    /// Runs the collection's request file at `path` for a script's `bru.runRequest` (below the root,
    /// `.ferry.yaml` may be left out): resolved with `resolver` and the script's variables, its
    /// pre-request and after scripts run (theirs cannot run requests in turn), sent through the pipeline.
    public func scriptFileRunner(resolver: VariableResolver) -> ScriptFileRunner {
        { [self] path, variables in
            var resolver = resolver
            resolver.add(variables.sorted { $0.key < $1.key }.map { Variable(name: $0.key, value: $0.value) })
            let file = path.hasSuffix(RequestCollection.requestSuffix) ? path : path + RequestCollection.requestSuffix
            do {
                let outcome = try await send(file, field: "runRequest", resolver: resolver, checks: ResponseChecks(), stack: [])
                guard let response = outcome.response else {
                    return .failure(ScriptSendFailure("runRequest('\(path)'): " + (outcome.error.map { "\($0)" } ?? "no response")))
                }
                return .success(ScriptInput.Response(response))
            } catch {
                return .failure(ScriptSendFailure("runRequest('\(path)'): \(error)"))
            }
        }
    }

    /// Sends the collection's request file `request` (read through the collection's access policy,
    /// its scripts run, its own chains taken first), checking `checks`.
    private func send(
        _ request: String, field: String, resolver: VariableResolver, checks: ResponseChecks, stack: [String]
    ) async throws -> ExchangeOutcome {
        let path = try access.readablePath(request, field: field)
        var description = try RequestDescription(contentsOf: path)
        let defaults = try FolderDefaults.inherited(byFileAt: path, root: root).under(environment: connection)
        // Its scripts (a signature, a timestamp before; tests after) run as they do when it is sent itself.
        var resolver = resolver
        let origin = HistoryOrigin(collection: root, requestPath: request, environment: environment, run: run)
        let scripts = ExchangeScripts(request: description, defaults: defaults)
        var ran: (ExchangeScripts.Context, ExchangeScripts.Report)?
        if !scripts.isEmpty {
            let context = ExchangeScripts.Context(
                requestName: description.name ?? request, requestPath: request, environment: environment,
                send: pipeline.scriptSender(origin: origin, timeLimit: timeLimit))
            ran = (context, await scripts.runBefore(on: &description, resolver: &resolver, context: context))
        }
        let (resolved, used) = try await resolving(resolver, own: description.chains, stack: stack + [request]) { [description] in
            try description.resolved(with: $0, defaults: defaults, access: access.naming(request))
        }
        let pending = ran.map { context, before in
            PendingScripts(scripts: scripts, description: description, resolver: used, context: context, before: before)
        }
        return await pipeline.exchange(
            resolved.request, concluding: ResponseConclusion(file: description, request: resolved.request, checks: checks),
            origin: origin, timeLimit: timeLimit, redaction: resolved.redaction, scripts: pending)
    }

    /// Sends the chain's request (its own chains taken first) and takes the value from its response.
    private func take(_ chain: VariableChain, resolver: VariableResolver, stack: [String]) async throws -> (Variable, sent: Sent?) {
        func failure(_ error: any Error & Sendable) -> FerryError {
            .invalidRequest(reason: .chainFailed(name: chain.name, request: chain.request, underlying: error))
        }
        let outcome: ExchangeOutcome
        do {
            outcome = try await send(
                chain.request, field: "chain \(chain.name) from", resolver: resolver, checks: ResponseChecks(captures: [chain.capture]),
                stack: stack)
        } catch {
            throw failure(error)
        }
        onSent(Sent(chain: chain, outcome: outcome))
        if let error = outcome.error { throw failure(error) }
        guard let concluded = outcome.concluded, let variable = concluded.checks?.captured.first else {
            let problem = outcome.concluded?.checks?.captureProblems.first ?? "nothing"
            throw failure(
                CheckProblem("\(chain.capture.sourceText) found nothing in its \(outcome.response?.status ?? 0) answer: \(problem)"))
        }
        let time = now()
        lock.withLock { taken[chain.name] = (variable, time) }
        try? cache?.store(variable.value, of: chain, at: time)
        return (variable, Sent(chain: chain, outcome: outcome))
    }
}
