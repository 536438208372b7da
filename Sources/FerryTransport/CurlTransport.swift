import CCurl
import FerryCore
import Foundation

/// The `Transport` built on libcurl: one multi handle on its own thread per instance (a "session"),
/// so transfers run concurrently and share connections and a cookie jar.
public final class CurlTransport: Transport {
    private let loop: CurlMultiLoop
    /// Runs a task's jobs on this transport's curl thread: prefer it for a task that sends one
    /// request after another (`withTaskExecutorPreference`), so it does not hop threads per request.
    public let executor: any TaskExecutor
    /// Each response body written to a file is hashed as it arrives (`ResponseBody.fingerprint`), for the history.
    private let hashesBodies: Bool

    /// A transport; `hashesBodies: false` when no history records its exchanges (`--no-history`).
    public init(hashesBodies: Bool = true) {
        let loop = CurlMultiLoop()
        self.loop = loop
        executor = CurlLoopExecutor(loop: loop)
        self.hashesBodies = hashesBodies
    }

    deinit { loop.stop() }

    public func send(
        _ request: Request, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Response {
        try await send(request, receivingInto: destination, progress: progress, observer: nil)
    }

    public func send(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)?
    ) async throws -> Response {
        try request.validate()
        if Task.isCancelled { throw FerryError.explicitlyCancelled }
        guard let origin = PriorKnowledgeConnections.origin(of: request) else {
            return try await perform(request, receivingInto: destination, progress: progress, observer: observer)
        }
        let connections = loop.priorKnowledge
        let reusing = connections.isOpen(origin)
        do {
            let response = try await perform(
                request, receivingInto: destination, progress: progress, observer: observer, reusingConnection: reusing)
            connections.record(origin, open: response.httpVersion.hasPrefix("HTTP/2"))
            return response
        } catch {
            connections.record(origin, open: false)
            guard reusing, case FerryError.transportFailed(let reason) = error, reason.code == Int(CURLE_COULDNT_CONNECT.rawValue)
            else { throw error }
        }
        // The connection closed since the last request: this one makes a new one, with prior knowledge.
        let response = try await perform(request, receivingInto: destination, progress: progress, observer: observer)
        connections.record(origin, open: response.httpVersion.hasPrefix("HTTP/2"))
        return response
    }

    /// Sends `request` as one transfer on the loop.
    private func perform(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)?, reusingConnection: Bool = false
    ) async throws -> Response {
        let transfer = try CurlTransfer(
            request: request.authenticated(), destination: destination, hashesBody: hashesBodies,
            share: loop.share, handles: loop.handles, progress: progress, observer: observer, reusesConnection: reusingConnection,
            turn: TransferTurn.current)
        let loop = self.loop
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.deliver(to: continuation)
                loop.submit(.start(transfer))
            }
        } onCancel: {
            transfer.markCancelled()
            loop.submit(.cancel(transfer))
        }
    }

    /// WebSockets are not libcurl's here (7.88 has none): they go over SwiftNIO (`WebSocketClient`).
    public func openWebSocket(_ request: Request) async throws -> any WebSocketConnection {
        try request.validate()
        return try await WebSocketClient.connect(request)
    }

    /// The version of libcurl underneath, for `ferry --version` and reports.
    public static var curlVersion: String { CurlGlobal.version }
}
