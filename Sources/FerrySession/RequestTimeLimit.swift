import FerryCore

/// The time limit a request gets when its file sets none: each request of `ferry run` and each
/// chained request, so a server that never answers stops a CI job with a reason instead of holding
/// it for ever. A timeout it caused names the limit and the flag that changes it.
public struct RequestTimeLimit: Sendable, Hashable {
    /// Seconds per request unless `--max-time` says otherwise.
    public static let standardSeconds: Double = 300

    /// Nil: no limit (`--max-time 0`).
    public var seconds: Double?

    public init(seconds: Double? = Self.standardSeconds) {
        self.seconds = seconds
    }

    /// `--max-time` as given: 0 for no limit.
    public init(maxTime: Double) {
        seconds = maxTime == 0 ? nil : maxTime
    }

    /// The request with the limit, unless it has one of its own; and whether the limit was put on it.
    public func applied(to request: Request) -> (request: Request, limited: Bool) {
        guard let seconds, request.options.totalTimeout == nil else { return (request, false) }
        var limited = request
        limited.options.totalTimeout = seconds
        return (limited, true)
    }

    /// `error` with the limit and how to change it, when it is a timeout of a request this limit was put on.
    public func explained(_ error: FerryError, limited: Bool) -> FerryError {
        guard limited, let seconds, case .transportFailed(var reason) = error, reason.kind == .timedOut else { return error }
        let shown = seconds == seconds.rounded() && seconds < 1e15 ? "\(Int(seconds))" : "\(seconds)"
        reason.limit = "the limit is \(shown) s per request; --max-time SECONDS sets another, 0 none"
        return .transportFailed(reason: reason)
    }
}
