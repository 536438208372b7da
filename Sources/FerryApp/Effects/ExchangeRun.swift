import FerryCore
import FerrySession
import FerryStore
import FerryTUI
import Foundation

/// One TUI exchange off the UI thread: the request through its collection's pipeline, its
/// scripts after the response, and what came of it posted to the inbox.
struct ExchangeRun: Sendable {
    let id: Int
    let inbox: MessageInbox
    /// When the request went out, for the elapsed time shown.
    let started: ContinuousClock.Instant
    let pipeline: ExchangePipeline
    let origin: HistoryOrigin
    let schemaCache: GraphQLSchemaCache?
    /// The collection's OpenAPI document, each response checked against it.
    let contract: OpenAPIContract?
    /// Runs the collection's request files for scripts (`bru.runRequest`); nil outside a collection.
    let chainer: VariableChainer?

    /// Where the request's scripts run: `pm.info`, their own requests sent through the pipeline, the
    /// request files they run resolved with `resolver`.
    func scriptContext(title: String, resolver: VariableResolver) -> ExchangeScripts.Context {
        ExchangeScripts.Context(
            requestName: title, requestPath: origin.requestPath ?? title, environment: origin.environment,
            send: pipeline.scriptSender(origin: origin, files: chainer?.scriptFileRunner(resolver: resolver)))
    }

    /// Sends `outgoing` through the pipeline, which concludes it, runs its post-response and tests
    /// scripts (after what the pre-request ones left in `before`) and records it; posts the response
    /// or the failure.
    func exchange(_ outgoing: OutgoingRequest, before: ExchangeScripts.Report? = nil) async {
        let request = outgoing.resolved.request
        let (id, inbox, started) = (id, inbox, started)
        var conclusion = ResponseConclusion(
            evaluator: outgoing.expectations.evaluator(accept: request.headers["Accept"], fallback: .auto), checks: outgoing.checks)
        conclusion.contract = contract.map { ExchangeContract($0, method: request.method, url: request.url) }
        let progress: @Sendable (TransferProgress) -> Void = { progress in
            inbox.post(.progress(id: id, progress, elapsed: secondsElapsed(since: started)))
        }
        let startDate = Date()
        let stream = StreamForwarder(id: id, inbox: inbox, forced: outgoing.forcesStream)
        let outcome = await pipeline.exchange(
            request, concluding: conclusion, origin: origin, progress: progress, observer: stream, redaction: outgoing.resolved.redaction,
            scripts: pendingScripts(of: outgoing, before: before))
        guard let concluded = outcome.concluded else {
            let chain = outcome.redaction.redact(ErrorChain(outcome.error ?? .explicitlyCancelled))
            inbox.post(.requestFailed(id: id, chain, elapsed: secondsElapsed(since: started)))
            return
        }
        stream.finish(time: Int64(Date().timeIntervalSince(startDate) * 1e6))
        let summary = ExchangeEffects.summary(
            of: concluded, method: request.method, evaluator: conclusion.evaluator, redaction: outcome.redaction)
        inbox.post(.responseArrived(id: id, summary))
        summary.raw.prepare()  // the Raw tab's lines, after the tree is on its way
        if let endpoint = outgoing.schemaEndpoint {
            inbox.post(ExchangeEffects.schemaLoaded(from: concluded.response, endpoint: endpoint, cache: schemaCache))
        }
    }

    /// The scripts of the request's file (and its folders') to run after its response, with what the
    /// pre-request ones left; nil when there is nothing to run or report.
    private func pendingScripts(of outgoing: OutgoingRequest, before: ExchangeScripts.Report?) -> PendingScripts? {
        guard let scripted = outgoing.scripted else { return nil }
        let scripts = ExchangeScripts(request: scripted.description, defaults: scripted.defaults)
        guard !scripts.after.isEmpty || before != nil else { return nil }
        let resolver = VariableResolver(outgoing.variables)
        return PendingScripts(
            scripts: scripts, description: scripted.description, resolver: resolver,
            context: scriptContext(title: scripted.title, resolver: resolver), before: before ?? ExchangeScripts.Report())
    }
}
