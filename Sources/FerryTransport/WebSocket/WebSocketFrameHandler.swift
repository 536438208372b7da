import FerryCore
import Foundation
import NIOCore
import NIOWebSocket

/// Turns the frames a server sends into `WebSocketMessage`s on a stream, answers pings with pongs
/// and a close with a close, and reports a connection that drops without a close as code 1006.
final class WebSocketFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let continuation: AsyncStream<WebSocketMessage>.Continuation
    private let clock: WebSocketClock
    private var closed = false

    init(continuation: AsyncStream<WebSocketMessage>.Continuation, clock: WebSocketClock) {
        self.continuation = continuation
        self.clock = clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let payload = Data(frame.unmaskedData.readableBytesView)
        switch frame.opcode {
        case .text: yield(.text, payload)
        case .binary: yield(.binary, payload)
        case .pong: yield(.pong, payload)
        case .ping:
            yield(.ping, payload)
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var body = frame.unmaskedData
            let code = body.readInteger(as: UInt16.self).map(Int.init) ?? 1005
            let reason = body.readString(length: body.readableBytes) ?? ""
            closed = true
            continuation.yield(WebSocketMessage(direction: .received, kind: .close, data: Data(reason.utf8), time: clock.now,
                                                closeCode: code, closeReason: reason))
            // Answer with the same code, then close the TCP connection (the client may, RFC 6455 §7.1.1).
            var answer = context.channel.allocator.buffer(capacity: 2)
            answer.writeInteger(UInt16(clamping: code == 1005 ? 1000 : code))
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: answer)
            context.writeAndFlush(wrapOutboundOut(reply)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !closed {
            continuation.yield(WebSocketMessage(direction: .received, kind: .close, data: Data(), time: clock.now,
                                                closeCode: WebSocketMessage.abnormalClosure, closeReason: "the connection was dropped without a close"))
        }
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func yield(_ kind: WebSocketMessage.Kind, _ data: Data) {
        continuation.yield(WebSocketMessage(direction: .received, kind: kind, data: data, time: clock.now))
    }
}
