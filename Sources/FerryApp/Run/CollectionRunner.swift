import FerryCore
import FerryStore
import FerryTransport
import Foundation

/// Runs a plan's requests in order over one transport (connections reused): each is resolved with
/// the variables so far, sent, validated as its file asks, checked against its `expect:`, and its
/// `capture:` values become variables for the requests after it. A request that needs a capture
/// that found nothing is skipped with the reason, never sent with an empty value.
public struct CollectionRunner: Sendable {
    public var transport: CurlTransport
    public var settings: RunSettings
    /// Takes chained variables (`vars:` and the environment's `from:` entries) when a request needs
    /// them; nil when there are none to take.
    public var chainer: VariableChainer?
    /// Sends the requests, OAuth 2.0 ones with their tokens.
    private let interceptor: OAuth2Interceptor

    /// `tokens` (the collection's and environment's OAuth 2.0 token cache) default to tokens kept in memory.
    public init(transport: CurlTransport = CurlTransport(), settings: RunSettings = RunSettings(), chainer: VariableChainer? = nil,
                tokens: OAuth2TokenSource? = nil) {
        self.transport = transport
        self.settings = settings
        self.chainer = chainer
        interceptor = OAuth2Interceptor(transport: transport, tokens: tokens ?? OAuth2TokenSource(transport: transport, cache: nil,
                                                                                                   browser: SystemBrowser(environment: [:]), notify: { _ in }))
    }

    /// Runs `plan` with `variables` (the environment and `--var`s); `onResult` sees each result as it is known.
    /// The run's work happens on the transport's curl thread, between its transfers (no thread hop a request).
    public func run(_ plan: RunPlan, id: String, variables: VariableResolver,
                    onResult: @Sendable (RunResult) -> Void = { _ in }) async -> RunSummary {
        await withTaskExecutorPreference(transport.executor) {
            await runRounds(plan, id: id, variables: variables, onResult: onResult)
        }
    }

    private func runRounds(_ plan: RunPlan, id: String, variables: VariableResolver, onResult: @Sendable (RunResult) -> Void) async -> RunSummary {
        var summary = RunSummary(id: id, results: [], redaction: variables.redaction)
        let rows = settings.dataRows.isEmpty ? [[]] : settings.dataRows
        var stopped: String?
        rounds: for round in 0..<max(1, settings.repeatCount) {
            for (rowIndex, row) in rows.enumerated() {
                var round = Round(resolver: variables, iteration: round * rows.count + rowIndex + 1)
                round.resolver.add(row)
                var next = 0
                while next < plan.items.count {
                    let batch = Self.batch(of: plan.items, from: next, jobs: settings.jobs)
                    next += batch.count
                    let results = await send(batch, root: plan.root, round: round, stopped: stopped)
                    for (item, result) in zip(batch, results) {
                        round.absorb(result, of: item)
                        summary.redaction.add(round.resolver.redaction.rules + result.redaction.rules)
                        summary.results.append(result)
                        onResult(result)
                        if stopped == nil { stopped = stopReason(after: result, of: item, summary: &summary) }
                    }
                }
                if summary.cancelled || stopped != nil { break rounds }
            }
        }
        return summary
    }

    /// One pass over the plan: the variables so far (captures added as they come) and the captures
    /// that found nothing, by the request that should have taken them.
    private struct Round: Sendable {
        var resolver: VariableResolver
        var iteration: Int
        var missing: [String: String] = [:]

        mutating func absorb(_ result: RunResult, of item: RunPlan.Item) {
            resolver.add(result.checks.captured)
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
        if result.status == .error && !settings.continueOnError {
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
                var result = RunResult(item: item, iteration: round.iteration, status: .skipped, started: Date())
                result.skipReason = stopped
                return result
            }
        }
        return await withTaskGroup(of: (Int, RunResult).self) { group in
            for (index, item) in batch.enumerated() {
                group.addTask {
                    (index, await sendRetrying(item, iteration: round.iteration, root: root, resolver: round.resolver, missing: round.missing))
                }
            }
            var results: [(Int, RunResult)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Sends until the request passes or its `retry:` runs out, waiting its interval in between.
    private func sendRetrying(_ item: RunPlan.Item, iteration: Int, root: String, resolver: VariableResolver,
                              missing: [String: String]) async -> RunResult {
        var result = await send(item, iteration: iteration, root: root, resolver: resolver, missing: missing)
        guard let retry = item.description.retry else { return result }
        var attempts = 1
        while result.status == .failed || result.status == .error && result.response == nil && result.request != nil, attempts <= retry.count {
            do {
                try await Task.sleep(for: .milliseconds(retry.interval))
            } catch {
                break
            }
            attempts += 1
            result = await send(item, iteration: iteration, root: root, resolver: resolver, missing: missing)
        }
        result.attempts = attempts
        return result
    }

    /// One request: resolve, send, evaluate, check, capture.
    private func send(_ item: RunPlan.Item, iteration: Int, root: String, resolver: VariableResolver,
                      missing: [String: String]) async -> RunResult {
        var result = RunResult(item: item, iteration: iteration, status: .passed, started: Date())
        if let skip = item.description.skip, let rendered = try? resolver.render(skip, place: "skip"), SkipCondition.holds(rendered) {
            result.status = .skipped
            result.skipReason = "skip: \(rendered)"
            return result
        }
        let resolved: ResolvedRequest
        var resolver = resolver
        do {
            let resolve = { (variables: VariableResolver) in try item.description.resolved(with: variables, defaults: item.defaults.under(environment: settings.connection), directory: root) }
            if let chainer {
                (resolved, resolver) = try await chainer.resolving(resolver, own: item.description.chains, resolve)
            } else {
                resolved = try resolve(resolver)
            }
        } catch FerryError.invalidRequest(.unresolvedVariable(let name, _)) where missing[name] != nil {
            result.status = .skipped
            result.skipReason = "needs {{\(name)}}, which \(missing[name]!) did not capture"
            return result
        } catch {
            result.status = .error
            result.error = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: item.path, problem: "\(error)"))
            return result
        }
        result.request = resolved.request
        result.redaction = resolved.redaction
        let response: Response
        do {
            response = try await interceptor.send(resolved.request, redaction: &result.redaction)
        } catch {
            result.status = .error
            result.error = error as? FerryError ?? .explicitlyCancelled
            return result
        }
        let (evaluated, evaluationError, facts) = item.description.evaluate(response, of: resolved.request, parsesBody: item.description.checks.readsDocument)
        result.response = evaluated
        result.error = evaluationError
        do {
            result.checks = CheckReport(checking: try item.description.checks.rendered(with: item.description.ownVariables(over: resolver)), facts: facts)
        } catch {
            result.checks = CheckReport(checking: item.description.checks, facts: facts)
            result.error = error as? FerryError
        }
        if result.error != nil || !result.checks.passed { result.status = .failed }
        return result
    }
}
