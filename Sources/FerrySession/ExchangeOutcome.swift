import FerryCore
import Foundation

/// What came of one exchange through the pipeline: the request as it went, and the concluded
/// response or the transport's failure.
public struct ExchangeOutcome: Sendable {
    /// The request as sent (with the time limit it was given).
    public var request: Request
    public var started: Date
    /// The response concluded (evaluated, checked) — as it came until `ExchangePipeline.conclude`;
    /// nil when the transport failed.
    public var concluded: Concluded?
    /// Why no response came (the transport's error, a timeout naming its limit, a cancel).
    public var failure: FerryError?
    /// The request's secrets, with the tokens it went with and the values it captured as secret.
    public var redaction: Redaction
    /// What the request's scripts left, before and after the response; nil when it ran none through the pipeline.
    public var scripts: ExchangeScripts.Report?

    public init(request: Request, started: Date, concluded: Concluded?, failure: FerryError?, redaction: Redaction) {
        self.request = request
        self.started = started
        self.concluded = concluded
        self.failure = failure
        self.redaction = redaction
    }

    /// A WebSocket session as it ended (its transcript the body), or the failure to open it.
    public init(request: Request, started: Date, session: Result<Response, FerryError>, redaction: Redaction) {
        switch session {
        case .success(let response):
            self.init(request: request, started: started, concluded: Concluded(response: response), failure: nil, redaction: redaction)
        case .failure(let error): self.init(request: request, started: started, concluded: nil, failure: error, redaction: redaction)
        }
    }

    /// The response, after evaluation.
    public var response: Response? { concluded?.response }
    /// The transport's failure, else what the conclusion rejected.
    public var error: FerryError? { failure ?? concluded?.error }
}
