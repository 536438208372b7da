/// Something that carries a request to a server and brings the response back.
public protocol Transport: Sendable {
    /// Sends `request` and returns the final response after redirects.
    ///
    /// `observer`, when given, sees each response head and, when it asks, the body as it arrives.
    ///
    /// - Throws: `FerryError` only. A cancelled task stops the transfer and throws `.explicitlyCancelled`,
    ///   unless `observer` asked for the body as a stream: then the response returns with what arrived,
    ///   `stoppedByUser` set.
    func send(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)?
    ) async throws -> Response

    /// Opens a WebSocket (`ws://`, `wss://`) with the request's headers, credentials and TLS options.
    func openWebSocket(_ request: Request) async throws -> any WebSocketConnection
}

extension Transport {
    /// Opens a WebSocket (`ws://`, `wss://`) with the request's headers, credentials and TLS options.
    /// A transport without WebSocket support refuses the scheme.
    public func openWebSocket(_ request: Request) async throws -> any WebSocketConnection {
        throw FerryError.invalidRequest(reason: .unsupportedScheme(request.url.scheme ?? ""))
    }

    /// Sends `request` with no stream observer.
    public func send(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> Response {
        try await send(request, receivingInto: destination, progress: progress, observer: nil)
    }
}

/// Where the response body goes.
public enum ResponseDestination: Sendable, Hashable {
    /// In memory up to `spoolThreshold` bytes, then in a temporary file that is removed with the body.
    case automatic(spoolThreshold: Int)
    /// Into the file at `path`, which only appears (atomically) when the exchange succeeds.
    case file(path: String)
    /// Into the file at `path`, continuing the download kept in `path.ferry-partial` (or, without
    /// one, in `path` itself) from byte `offset` (`-C`): a `206` appends, a `200` starts over, and
    /// any other answer leaves the files as they were (its body stays in memory).
    case continuing(path: String, offset: Int64)

    public static let `default` = ResponseDestination.automatic(spoolThreshold: 8 << 20)
}

/// Bytes moved so far; totals are nil until known.
public struct TransferProgress: Sendable, Hashable {
    public var uploaded: Int64
    public var uploadTotal: Int64?
    public var downloaded: Int64
    public var downloadTotal: Int64?

    public init(uploaded: Int64, uploadTotal: Int64?, downloaded: Int64, downloadTotal: Int64?) {
        self.uploaded = uploaded
        self.uploadTotal = uploadTotal
        self.downloaded = downloaded
        self.downloadTotal = downloadTotal
    }
}
