import FerryCore
import Foundation

/// One finished exchange, as the history records it: what was sent, what came back or the error
/// that stopped it, where the request came from and the secrets to keep out of the row.
public struct FinishedExchange: Sendable {
    public var request: Request
    public var response: Response?
    public var error: FerryError?
    public var started: Date
    public var origin: HistoryOrigin
    public var redaction: Redaction
    /// Its checks' results (`expect:`, the contract), recorded with it.
    public var checks: [AssertionResult]

    public init(
        request: Request, response: Response?, error: FerryError?, started: Date, origin: HistoryOrigin, redaction: Redaction,
        checks: [AssertionResult] = []
    ) {
        self.checks = checks
        self.request = request
        self.response = response
        self.error = error
        self.started = started
        self.origin = origin
        self.redaction = redaction
    }
}
