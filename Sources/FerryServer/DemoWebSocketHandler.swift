import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The demo server's WebSockets: `/ws` echoes every text and binary message (and answers pings);
/// `/ws/push?count=N&interval=S` pings, then pushes N JSON messages S seconds apart and closes with
/// 1000. A close from the client is answered with the same code.
final class DemoWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Messages up to this size are accepted.
    static let maximumMessageSize = 16 << 20

    private enum Mode {
        case echo
        case push(count: Int, interval: TimeAmount)
    }

    private let mode: Mode
    private var closing = false

    /// The upgrader for `/ws` and `/ws/push`; other paths stay plain HTTP.
    static func upgrader() -> NIOWebSocketServerUpgrader {
        NIOWebSocketServerUpgrader(maxFrameSize: maximumMessageSize, automaticErrorHandling: true) { channel, head in
            channel.eventLoop.makeSucceededFuture(mode(for: head.uri) == nil ? nil : HTTPHeaders())
        } upgradePipelineHandler: { channel, head in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(
                    NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16, maxAccumulatedFrameSize: maximumMessageSize))
                try channel.pipeline.syncOperations.addHandler(DemoWebSocketHandler(mode: mode(for: head.uri) ?? .echo))
            }
        }
    }

    private static func mode(for uri: String) -> Mode? {
        let request = DemoRequest(head: HTTPRequestHead(version: .http1_1, method: .GET, uri: uri), isTLS: false, remoteAddress: "")
        switch request.pathComponents.map(String.init) {
        case ["ws"]: return .echo
        case ["ws", "push"]:
            let count = min(max(request.queryValue("count").flatMap(Int.init) ?? 3, 0), 100_000)
            let interval = min(max(request.queryValue("interval").flatMap(Double.init) ?? 1, 0), 60)
            return .push(count: count, interval: .nanoseconds(Int64(interval * 1e9)))
        default: return nil
        }
    }

    private init(mode: Mode) {
        self.mode = mode
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard case .push(let count, let interval) = mode else { return }
        send(.ping, ByteBuffer(string: "demo"), context: context)
        push(1, of: count, every: interval, context: context)
    }

    private func push(_ number: Int, of count: Int, every interval: TimeAmount, context: ChannelHandlerContext) {
        guard !closing, context.channel.isActive else { return }
        guard number <= count else { return close(code: 1000, reason: "that was all", answering: false, context: context) }
        send(.text, ByteBuffer(string: "{\"n\":\(number),\"message\":\"push \(number) of \(count)\"}"), context: context)
        context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            self.push(number + 1, of: count, every: interval, context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            if case .echo = mode { send(frame.opcode, frame.unmaskedData, context: context) }
        case .ping:
            send(.pong, frame.unmaskedData, context: context)
        case .connectionClose:
            // The client's answer to our close: the connection can end now.
            guard !closing else { return context.close(promise: nil) }
            var body = frame.unmaskedData
            let code = body.readInteger(as: UInt16.self).map(Int.init) ?? 1000
            close(code: code, reason: "", answering: true, context: context)
        default:
            break
        }
    }

    private func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: data)), promise: nil)
    }

    /// Sends a close (once). An answer to the client's close ends the connection when it is out; a
    /// close of our own waits for the client's answer (closing the socket with that answer unread
    /// would reset the connection, and the client would lose the messages it had not read yet),
    /// at most 5 s.
    private func close(code: Int, reason: String, answering: Bool, context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(UInt16(clamping: code))
        payload.writeString(reason)
        let written = context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)))
        if answering {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(5)) { context.close(promise: nil) }
        }
    }
}
