import FerryCore
import Foundation

/// How one request of a run fared: one reference that the run's stages fill in as the request goes
/// (prepared, sent, concluded, reported, recorded), not a value copied from stage to stage.
///
/// Threading: one stage at a time has it — the runner hands it on (to the transport's child task
/// and back, then to the report), and reports read it once it is done.
public final class RunResult: @unchecked Sendable {
    /// Passed, failed (validation, an assertion or a capture), errored (the transport), or skipped.
    public enum Status: String, Sendable {
        case passed, failed, error, skipped
    }

    public let item: RunPlan.Item
    /// 1-based: the `--repeat` round or `--data` row.
    public let iteration: Int
    public var status: Status
    public var request: Request?
    public var response: Response?
    /// The transport's or validation's failure.
    public var error: FerryError?
    public var checks = CheckReport()
    /// Why the request was not sent.
    public var skipReason: String?
    /// The request's secrets (auth, secret variables), for reports and the history.
    public var redaction = Redaction()
    public var started: Date
    /// Sends it took (more than one with `retry:`).
    public var attempts = 1
    /// The request a script asked the run to go on with (`setNextRequest`; `.some(nil)` stops the run).
    public var nextRequest: String??
    /// Where its body is to be written (`output:`, resolved): `-` for standard output, else a file.
    public var output: String?
    /// The local files the request reads (body and part files, certificates), for a dry run.
    public var files: [String] = []
    /// The value it could not be resolved without (a variable with no value, a capture, a chained
    /// value, an OAuth 2.0 token), when that is why it was not sent.
    public var unreachable: UnreachableValue?
    /// How the request broke its OpenAPI contract, when it was sent all the same (one line each).
    public var contractWarnings: [String] = []
    /// What its pre-request scripts left, until its checks are known.
    var beforeScripts: ExchangeScripts.Report?
    /// The operation of the run's OpenAPI document its request selected, from its request's check to its response's.
    var contract: ExchangeContract?
    /// Its contract checks instead, when they are made after its response is in (`ContractCheckWorker`).
    var contractCheck: ContractCheck?
    /// The whole exchange's time, in milliseconds.
    public var durationMilliseconds: Int { response.map { Int($0.timeline.total / 1000) } ?? 0 }

    /// Lets go of what only the JSON report reads, once the result is reported: the request keeps its
    /// method and URL, the response its status line and the phases of its timeline — what the text,
    /// JUnit and TAP reports and the contract's coverage read (a long run's memory then hardly grows).
    /// The response is a new one: the history writer may still hold the received one's box, which
    /// emptying in place would have copied whole (every field retained) on the curl thread.
    func keepOnlyWhatReportsRead() {
        if let request { self.request = Request(method: request.method, url: request.url) }
        if let response = response.take() {
            var timeline = response.timeline
            timeline.hops = []
            var lean = Response(
                status: response.status, reasonPhrase: response.reasonPhrase, httpVersion: response.httpVersion, headers: [:],
                body: ResponseBody(storage: .memory(Data()), count: 0), effectiveURL: response.effectiveURL,
                remoteAddress: response.remoteAddress, redirects: [], timeline: timeline, sent: nil)
            lean.stoppedByUser = response.stoppedByUser
            self.response = lean
        }
        beforeScripts = nil
        contract = nil
        contractCheck = nil
    }

    public init(item: RunPlan.Item, iteration: Int, status: Status, started: Date) {
        self.item = item
        self.iteration = iteration
        self.status = status
        self.started = started
    }
}
