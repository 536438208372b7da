import FerryCore

/// A transport that sends nothing: every request handed to it fails with its `refusal` before any
/// connection is made. `ferry run --dry-run`'s pipeline is built on it, so what would have reached
/// the network (a chained value's request, a script's `sendRequest`, an OAuth 2.0 token fetch) is
/// refused and named instead of sent.
public struct OfflineTransport: Transport {
    public init() {}

    public func send(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)?
    ) async throws -> Response {
        throw Self.refusal(of: request)
    }

    public func openWebSocket(_ request: Request) async throws -> any WebSocketConnection { throw Self.refusal(of: request) }

    /// The failure of `request`: an invalid `--dry-run` argument naming the request not sent.
    public static func refusal(of request: Request) -> FerryError {
        .invalidRequest(
            reason: .invalidArgument(
                name: argument, problem: "sends nothing (\(request.method.rawValue) \(request.url.absoluteString) was not sent)"))
    }

    /// True when `error` is this transport's refusal, or wraps it.
    public static func refused(_ error: any Error) -> Bool {
        var next: (any Error)? = error
        while let error = next as? FerryError {
            if case .invalidRequest(.invalidArgument(let name, _)) = error, name == argument { return true }
            next = error.underlyingError
        }
        return false
    }

    private static let argument = "--dry-run"
}
