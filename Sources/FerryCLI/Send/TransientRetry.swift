import FerryCore
import Foundation

/// curl's `--retry N`: an exchange that failed in a way that may pass later — a timeout, a name that
/// did not resolve, HTTP 408, 429, 500, 502, 503 or 504, a refused connection with
/// `--retry-connrefused`, any error with `--retry-all-errors` — is sent again, up to N times. The wait
/// is `--retry-delay` when given, else the response's `Retry-After` (seconds), else one second
/// doubling each time up to ten minutes; `--retry-max-time` stops retrying once the next try would
/// start after that many seconds.
struct TransientRetry: Equatable {
    var retries: Int
    var delay: Double?
    var maxTime: Double?
    var connectionRefused = false
    var allErrors = false

    static let httpStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Why this outcome is worth another try, in words for the warning, or nil when it is not.
    func reason(response: Response?, error: FerryError?) -> String? {
        if case .transportFailed(let failure)? = error {
            switch failure.kind {
            case .timedOut: return "timeout"
            case .hostNotFound: return "the name did not resolve"
            case .connectionRefused where connectionRefused || allErrors: return "connection refused"
            default: return allErrors ? "transport error" : nil
            }
        }
        if let response, Self.httpStatuses.contains(response.status) { return "HTTP error \(response.status)" }
        if allErrors, error != nil || (response?.status ?? 0) >= 400 { return "error" }
        return nil
    }

    /// Seconds to wait before retry number `attempt` (1 for the first), or nil when none is left or
    /// `--retry-max-time` would be passed by `elapsed` seconds plus the wait.
    func wait(beforeRetry attempt: Int, retryAfter: String?, elapsed: Double) -> Double? {
        guard attempt <= retries else { return nil }
        let wait =
            delay ?? retryAfter.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { max(0, $0) }
            ?? min(600, pow(2, Double(attempt - 1)))
        if let maxTime, elapsed + wait > maxTime { return nil }
        return wait
    }
}
