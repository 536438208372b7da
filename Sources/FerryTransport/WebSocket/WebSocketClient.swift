import FerryCore
import FerryTLS
import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket

/// Opens WebSockets over SwiftNIO (libcurl 7.88 on Debian 12 has no WebSocket support): the HTTP/1.1
/// upgrade with the request's headers and credentials (`WebSocketHandshakeHandler`), TLS with its
/// options for `wss://` (FerryTLS's `TLSHandler` over the system's OpenSSL), then NIOWebSocket's
/// frame codec, messages of up to the request's `messageSizeLimit` with fragments joined.
enum WebSocketClient {
    static func connect(_ request: Request) async throws -> NIOWebSocketConnection {
        let clock = WebSocketClock()
        let started = Date()
        let url = request.url
        let secure = url.scheme?.lowercased() == "wss"
        guard let host = url.host, !host.isEmpty else {
            throw FerryError.invalidRequest(reason: .malformedURL(url.absoluteString, problem: "it has no host"))
        }
        let port = url.port ?? (secure ? 443 : 80)
        let tls = secure ? try makeTLSContext(request.options.tls) : nil
        let head = WebSocketHandshakeHandler.head(target: target(of: url), headers: headers(for: request, host: host, port: url.port))
        let (stream, continuation) = AsyncStream.makeStream(of: WebSocketMessage.self)
        let maximumMessageSize = Int(min(request.options.messageSizeLimit, Int64(UInt32.max)))  // the most NIO's decoder takes
        let address = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let group = MultiThreadedEventLoopGroup.singleton
        let handshake = group.any().makePromise(of: WebSocketHandshakeHandler.Head.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.milliseconds(Int64((request.options.connectTimeout ?? 30) * 1000)))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            try channel.pipeline.syncOperations.addHandler(TLSHandler(context: tls, serverHostname: address))
                        }
                        try channel.pipeline.syncOperations.addHandler(
                            WebSocketHandshakeHandler(head: head, clock: clock, promise: handshake) { pipeline in
                                try pipeline.addHandler(WebSocketFrameEncoder())
                                try pipeline.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maximumMessageSize)))
                                try pipeline.addHandler(
                                    NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                                        maxAccumulatedFrameSize: maximumMessageSize))
                                try pipeline.addHandler(
                                    WebSocketFrameHandler(continuation: continuation, clock: clock, maximumMessageSize: maximumMessageSize))
                            })
                    }
                }
                .connect(host: address, port: port).get()
        } catch {
            handshake.fail(error)
            throw failure(error, host: host, port: port)
        }
        // `--max-time` bounds the opening as it bounds an HTTP exchange: a server that takes the
        // connection and never answers the upgrade would otherwise be waited for until Ctrl-C.
        let deadline = request.options.totalTimeout.map { seconds in
            channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(max(0, seconds + started.timeIntervalSinceNow) * 1e9))) {
                var reason = FerryError.TransportFailureReason(
                    kind: .timedOut, code: 0, codeText: "WebSocket",
                    detail: "\(host):\(port): no answer to the WebSocket handshake within \(seconds) s (--max-time)")
                reason.phase = .waitingForHead
                handshake.fail(FerryError.transportFailed(reason: reason))
            }
        }
        defer { deadline?.cancel() }
        do {
            let answer = try await handshake.futureResult.get()
            let marks = Timeline.TransferMarks(
                connect: answer.connected, tlsHandshake: answer.secured,
                preTransfer: max(answer.connected, answer.secured), firstByte: answer.answered, total: answer.answered)
            return NIOWebSocketConnection(
                channel: channel, handshake: (answer.status, answer.headers, answer.answered),
                request: SentRequest(rawHead: head.text, bodyBytes: 0),
                timeline: Timeline(start: started, queue: 0, marks: marks), remote: answer.remote, received: stream, clock: clock)
        } catch {
            try? await channel.close()
            throw failure(error, host: host, port: port)
        }
    }

    /// The request's headers (credentials applied, Ferry's defaults unless turned off, its cookies
    /// unless it sets a Cookie field itself), with the Host as the URL gives it; the handshake handler
    /// adds the WebSocket fields.
    private static func headers(for request: Request, host: String, port: Int?) -> [(name: String, value: String)] {
        let skipped: Set<String> = ["host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version"]
        var headers = request.authenticated().headers
        let cookies = [request.cookies?.field(for: request.url), request.ownCookies].compactMap { $0 }
        if !headers.contains("Cookie"), !cookies.isEmpty { headers.set(name: "Cookie", value: cookies.joined(separator: "; ")) }
        return [("Host", port.map { "\(host):\($0)" } ?? host)]
            + DefaultHeaders.applied(to: headers, all: request.options.defaultHeaders != false)
            .filter { !$0.value.isEmpty && !skipped.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
    }

    /// The path and query as sent in the request line.
    private static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        return (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    private static func makeTLSContext(_ options: TLSOptions) throws -> TLSContext {
        guard options.pinnedPublicKey == nil else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--pinned-pubkey", problem: "is not supported for WebSockets (wss://)"))
        }
        do {
            return try TLSContext.client(verifyPeer: options.verifyPeer, caFile: options.caFile)
        } catch {
            throw FerryError.transportFailed(reason: .init(kind: .tlsHandshakeFailed, code: 0, codeText: "TLS", detail: "\(error)"))
        }
    }

    /// A NIO error as Ferry's transport failure: refused, not found, TLS, or a connection that failed.
    private static func failure(_ error: any Error, host: String, port: Int) -> FerryError {
        if let ferryError = error as? FerryError { return ferryError }
        let connection = error as? NIOConnectionError
        let refused = connection?.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED } == true
        let kind: FerryError.TransportFailureReason.Kind =
            refused
            ? .connectionRefused
            : connection != nil && connection!.connectionErrors.isEmpty
                ? .hostNotFound
                : error is TLSFailure ? .tlsHandshakeFailed : .connectionFailed
        return .transportFailed(reason: .init(kind: kind, code: 0, codeText: "WebSocket", detail: "\(host):\(port): \(error)"))
    }
}
