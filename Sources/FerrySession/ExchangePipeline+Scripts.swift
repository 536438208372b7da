import FerryCore
import FerryScript
import FerryStore
import Foundation

extension ExchangePipeline {
    /// Sends a script's requests (`pm.sendRequest`, `bru.sendRequest`) through this pipeline, with
    /// its cookies, OAuth 2.0 tokens and history (as coming from `origin`), each within `timeLimit`;
    /// the request files it runs (`bru.runRequest`) through `files` (nil: it cannot run them here).
    public func scriptSender(
        origin: HistoryOrigin?, timeLimit: RequestTimeLimit = RequestTimeLimit(), files: ScriptFileRunner? = nil
    ) -> ScriptRequestSender {
        { [self] sent in
            if let path = sent.path {
                guard let files else {
                    return .failure(ScriptSendFailure("runRequest('\(path)'): no collection's requests can be run here"))
                }
                return await files(path, sent.variables ?? [:])
            }
            var description = RequestDescription(method: HTTPMethod(sent.method), url: sent.url)
            description.headers = sent.headers.map { .init(name: $0.key, value: $0.value, enabled: $0.disabled != true) }
            if let body = sent.body { description.body = .raw(body, contentType: nil) }
            let resolved: ResolvedRequest
            do {
                resolved = try description.resolved(with: .literal, access: .unbounded(directory: FileManager.default.currentDirectoryPath))
            } catch {
                return .failure(ScriptSendFailure("the request cannot be sent: \(error)"))
            }
            let outcome = await exchange(
                resolved.request, concluding: ResponseConclusion(evaluator: nil), origin: origin, timeLimit: timeLimit,
                redaction: resolved.redaction)
            guard let response = outcome.response else {
                return .failure(ScriptSendFailure(outcome.error.map { "\($0)" } ?? "no response"))
            }
            return .success(ScriptInput.Response(response))
        }
    }
}
