import Foundation

/// A WebSocket session written down as JSON Lines — one line per message either way, as
/// `WebSocketMessage.jsonLine` makes it — for the history, in bounded memory: each message's data
/// is cut at `dataLimit` bytes, and once the transcript holds `limit` bytes further messages are
/// only counted (a last line says how many were left out).
public struct WebSocketTranscript: Sendable {
    public static let defaultLimit = 1 << 20
    public static let defaultDataLimit = 64 << 10

    public let limit: Int
    public let dataLimit: Int
    public private(set) var lines = Data()
    public private(set) var sent = 0
    public private(set) var received = 0
    /// Messages that came after the transcript was full.
    public private(set) var omitted = 0
    /// The close either way (the server's answer to ours, or its own), when there was one.
    public private(set) var close: WebSocketMessage?

    public init(limit: Int = defaultLimit, dataLimit: Int = defaultDataLimit) {
        self.limit = limit
        self.dataLimit = dataLimit
    }

    public mutating func append(_ message: WebSocketMessage) {
        if message.direction == .sent { sent += 1 } else { received += 1 }
        if message.kind == .close, close == nil || message.direction == .received { close = message }
        guard lines.count < limit else {
            omitted += 1
            return
        }
        lines.append(message.jsonLine(dataLimit: dataLimit))
        lines.append(0x0A)
    }

    /// The session as a response for the history: the handshake's status, headers, request head and
    /// phases, the time after the handshake as the `receive` phase (up to `ended`, µs since the
    /// connection was asked for), and the transcript as its body.
    public func response(of connection: any WebSocketConnection, url: String, ended: Int64) -> Response {
        var body = lines
        if omitted > 0 { body.append(Data("{\"omitted\":\(omitted)}\n".utf8)) }
        var timeline = connection.handshakeTimeline
        timeline[.receive] = max(0, ended - timeline.total)
        return Response(
            status: connection.handshake.status, reasonPhrase: HTTPStatus.standardReason(for: connection.handshake.status),
            httpVersion: "HTTP/1.1", headers: connection.handshake.headers,
            body: ResponseBody(storage: .memory(body), count: Int64(body.count)), effectiveURL: url,
            remoteAddress: connection.remoteAddress, redirects: [], timeline: timeline, sent: connection.handshakeRequest)
    }
}
