import FerryCore
import Foundation
import NIOCore
import NIOWebSocket

/// An open WebSocket over a NIO channel: frames in through `WebSocketFrameHandler`, frames out masked
/// (a client must mask, RFC 6455 §5.3).
final class NIOWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let handshake: (status: Int, headers: FerryCore.HTTPHeaders, time: Int64)
    let handshakeRequest: SentRequest
    let handshakeTimeline: Timeline
    let remoteAddress: String?
    let received: AsyncStream<WebSocketMessage>
    private let channel: any Channel
    private let clock: WebSocketClock

    init(
        channel: any Channel, handshake: (status: Int, headers: FerryCore.HTTPHeaders, time: Int64), request: SentRequest,
        timeline: Timeline, remote: String?, received: AsyncStream<WebSocketMessage>, clock: WebSocketClock
    ) {
        self.channel = channel
        self.handshake = handshake
        handshakeRequest = request
        handshakeTimeline = timeline
        remoteAddress = remote
        self.received = received
        self.clock = clock
    }

    @discardableResult
    func send(_ kind: WebSocketMessage.Kind, _ data: Data) async throws -> WebSocketMessage {
        let opcode: WebSocketOpcode
        switch kind {
        case .text: opcode = .text
        case .binary: opcode = .binary
        case .ping: opcode = .ping
        case .pong: opcode = .pong
        case .close: return await close(code: 1000, reason: String(decoding: data, as: UTF8.self))
        }
        let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: channel.allocator.buffer(bytes: data))
        let sent = WebSocketMessage(direction: .sent, kind: kind, data: data, time: clock.now)
        do {
            try await channel.writeAndFlush(frame)
        } catch {
            throw FerryError.transportFailed(reason: .init(kind: .sendFailed, code: 0, codeText: "WebSocket", detail: "\(error)"))
        }
        return sent
    }

    @discardableResult
    func close(code: Int, reason: String) async -> WebSocketMessage {
        var payload = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(UInt16(clamping: code))
        payload.writeString(reason)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: payload)
        try? await channel.writeAndFlush(frame)
        // A server that never answers the close is not waited for longer than this.
        let channel = self.channel
        channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
        return WebSocketMessage(
            direction: .sent, kind: .close, data: Data(reason.utf8), time: clock.now, closeCode: code, closeReason: reason)
    }
}

/// Microseconds since a connection was asked for, for the messages' times.
struct WebSocketClock: Sendable {
    let start = DispatchTime.now().uptimeNanoseconds
    var now: Int64 { Int64((DispatchTime.now().uptimeNanoseconds - start) / 1000) }
}
