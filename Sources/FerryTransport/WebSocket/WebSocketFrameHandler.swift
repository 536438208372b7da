import FerryCore
import Foundation
import NIOCore
import NIOWebSocket

/// Turns the frames a server sends into `WebSocketMessage`s on a stream, answers pings with pongs
/// and a close with a close, and reports how a connection that ends without a close ended: dropped
/// (1006), a message over `maximumMessageSize` (1009, sent to the server too), or a server that reads
/// nothing — its pongs waiting past `maximumWaitingPongBytes` (1006, the connection closed at once).
final class WebSocketFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Pong bytes that may wait to be written before the server counts as reading nothing.
    static let maximumWaitingPongBytes = 1 << 20

    private let continuation: AsyncStream<WebSocketMessage>.Continuation
    private let clock: WebSocketClock
    private let maximumMessageSize: Int
    private var closed = false
    /// Pong bytes handed to the channel and not yet written to the socket.
    private var waitingPongBytes = 0
    /// Why Ferry ended the connection, reported as its close.
    private var ending: (code: Int, reason: String)?

    init(continuation: AsyncStream<WebSocketMessage>.Continuation, clock: WebSocketClock, maximumMessageSize: Int) {
        self.continuation = continuation
        self.clock = clock
        self.maximumMessageSize = maximumMessageSize
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
            answer(ping: frame, context: context)
        case .connectionClose:
            var body = frame.unmaskedData
            let code = body.readInteger(as: UInt16.self).map(Int.init) ?? 1005
            let reason = body.readString(length: body.readableBytes) ?? ""
            closed = true
            continuation.yield(
                WebSocketMessage(
                    direction: .received, kind: .close, data: Data(reason.utf8), time: clock.now,
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
            let (code, reason) = ending ?? (WebSocketMessage.abnormalClosure, "the connection was dropped without a close")
            continuation.yield(
                WebSocketMessage(direction: .received, kind: .close, data: Data(), time: clock.now, closeCode: code, closeReason: reason))
        }
        continuation.finish()
        context.fireChannelInactive()
    }

    /// A frame or a message over the limit is closed with 1009 and said so; a frame that breaks the
    /// protocol with 1002 (reported as the dropped connection it is); any other error closes at once.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let frameTooBig = (error as? NIOWebSocketError) == .invalidFrameLength
        if frameTooBig || (error as? NIOWebSocketFrameAggregator.Error) == .accumulatedFrameSizeIsTooLarge {
            ending = (
                WebSocketMessage.messageTooBig,
                "message too big: the server sent a "
                    + (frameTooBig ? "frame" : "message") + " over the limit of \(RequestOptions.sizeText(Int64(maximumMessageSize)))"
                    + " (--max-message-size)"
            )
            sendClose(code: WebSocketMessage.messageTooBig, context: context)
        } else if error is NIOWebSocketError {
            sendClose(code: 1002, context: context)
        }
        context.close(promise: nil)
    }

    private func sendClose(code: Int, context: ChannelHandlerContext) {
        var payload = context.channel.allocator.buffer(capacity: 2)
        payload.writeInteger(UInt16(code))
        context.writeAndFlush(
            wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: payload)), promise: nil)
    }

    /// Sends the pong, unless the pongs before it still wait to be written: the server reads nothing,
    /// and the connection is closed before what waits for it fills the memory.
    private func answer(ping: WebSocketFrame, context: ChannelHandlerContext) {
        guard waitingPongBytes <= Self.maximumWaitingPongBytes else {
            guard ending == nil else { return }
            // The pongs' own count, which passed the limit (the channel's buffered bytes are counted
            // after framing, and may read just under it).
            ending = (WebSocketMessage.abnormalClosure, "the server reads nothing: \(waitingPongBytes) bytes waiting to be written")
            context.close(promise: nil)
            return
        }
        let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: ping.unmaskedData)
        let size = ping.unmaskedData.readableBytes + 6  // the head and the mask key of a control frame
        waitingPongBytes += size
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { _ in self.waitingPongBytes -= size }
        context.writeAndFlush(wrapOutboundOut(pong), promise: written)
    }

    private func yield(_ kind: WebSocketMessage.Kind, _ data: Data) {
        continuation.yield(WebSocketMessage(direction: .received, kind: kind, data: data, time: clock.now))
    }
}
