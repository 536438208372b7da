import Foundation

/// An open WebSocket, from `Transport.openWebSocket`: messages arrive on `received` until the
/// connection closes (the close, or the drop, is its last message); `send` writes one message.
public protocol WebSocketConnection: Sendable {
    /// The handshake's answer: status (101), headers, and when it came (µs since the connection was asked for).
    var handshake: (status: Int, headers: HTTPHeaders, time: Int64) { get }
    /// The upgrade request's head as it was sent.
    var handshakeRequest: SentRequest { get }
    /// The handshake's phases: connect, TLS (`wss://`), and the wait for the 101 (`send` and `wait`).
    var handshakeTimeline: Timeline { get }
    /// `address:port` of the server, when known.
    var remoteAddress: String? { get }
    /// What the server sends — text, binary, pings (answered by a pong on their own), pongs, the close — in order.
    var received: AsyncStream<WebSocketMessage> { get }
    /// Sends a text, binary or ping message (a close with `close`); returns it as sent, with its time.
    @discardableResult
    func send(_ kind: WebSocketMessage.Kind, _ data: Data) async throws -> WebSocketMessage
    /// Sends a close with `code` and `reason`; the server's close ends `received`.
    @discardableResult
    func close(code: Int, reason: String) async -> WebSocketMessage
}
