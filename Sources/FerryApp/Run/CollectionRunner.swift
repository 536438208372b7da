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

    public init(transport: CurlTransport = CurlTransport(), settings: RunSettings = RunSettings()) {
        self.transport = transport
        self.settings = settings
    }

    /// Runs `plan` with `variables` (the environment and `--var`s); `onResult` sees each result as it is known.
    public func run(_ plan: RunPlan, id: String, variables: VariableResolver,
                    onResult: @Sendable (RunResult) -> Void = { _ in }) async -> RunSummary {
        var summary = RunSummary(id: id, results: [], redaction: variables.redaction)
        let rows = settings.dataRows.isEmpty ? [[]] : settings.dataRows
        var stopped: String?
        rounds: for round in 0..<max(1, settings.repeatCount) {
            for (rowIndex, row) in rows.enumerated() {
                var resolver = variables
                resolver.add(row)
                var missing: [String: String] = [:]
                for item in plan.items {
                    let iteration = round * rows.count + rowIndex + 1
                    var result: RunResult
                    if let reason = stopped {
                        result = RunResult(item: item, iteration: iteration, status: .skipped, started: Date())
                        result.skipReason = reason
                    } else {
                        result = await sendRetrying(item, iteration: iteration, root: plan.root, resolver: resolver, missing: missing)
                    }
                    resolver.add(result.checks.captured)
                    for capture in item.description.captures {
                        let taken = result.checks.captured.contains { $0.name == capture.name }
                        missing[capture.name] = taken ? nil : item.path
                    }
                    summary.redaction.add(resolver.redaction.rules + result.redaction.rules)
                    summary.results.append(result)
                    onResult(result)
                    if stopped == nil, Task.isCancelled {
                        summary.cancelled = true
                        stopped = "the run was cancelled"
                    } else if stopped == nil, result.status == .failed && settings.bail {
                        stopped = "\(item.path) failed (--bail)"
                    } else if stopped == nil, result.status == .error && !settings.continueOnError {
                        stopped = "the run stopped after \(item.path) could not be sent (--continue-on-error goes on)"
                    }
                }
                if summary.cancelled || stopped != nil { break rounds }
            }
        }
        return summary
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
        do {
            resolved = try item.description.resolved(with: resolver, defaults: item.defaults, directory: root)
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
            response = try await transport.send(resolved.request)
        } catch {
            result.status = .error
            result.error = error as? FerryError ?? .explicitlyCancelled
            return result
        }
        var document: Document?
        var evaluated = response
        if let expectations = item.description.expectations {
            let evaluation = expectations.evaluator(accept: resolved.request.headers["Accept"], fallback: .auto)
                .evaluate(response, method: resolved.request.method)
            evaluated = evaluation.response
            result.error = evaluation.error
            if case .document(let parsed)? = evaluation.value { document = parsed }
        }
        result.response = evaluated
        let facts = ResponseFacts(response: evaluated, method: resolved.request.method, document: document, examples: item.description.examples)
        do {
            result.checks = CheckReport(checking: try item.description.checks.rendered(with: resolver), facts: facts)
        } catch {
            result.checks = CheckReport(checking: item.description.checks, facts: facts)
            result.error = error as? FerryError
        }
        if result.error != nil || !result.checks.passed { result.status = .failed }
        return result
    }
}
