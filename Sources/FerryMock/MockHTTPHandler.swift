import Foundation
import NIOCore
import NIOHTTP1

/// Reads one request at a time (NIO's pipeline handler queues pipelined ones), asks the
/// `MockService` for the reply and writes it, after its latency, or drops the connection.
final class MockHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Larger request bodies are answered 413 and the connection closed.
    static let bodyLimit = 8 << 20

    private let service: MockService
    private let log: @Sendable (MockHit) -> Void
    /// A connection must bring a whole request head this soon after it opens or after its last
    /// answer, or it is closed: a slowloris client, or an idle keep-alive connection, holds nothing long.
    private let headTimeout: TimeAmount
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false
    private var headDeadline: Scheduled<Void>?

    init(service: MockService, headTimeout: TimeAmount, log: @escaping @Sendable (MockHit) -> Void) {
        self.service = service
        self.headTimeout = headTimeout
        self.log = log
    }

    func channelActive(context: ChannelHandlerContext) {
        awaitHead(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        headDeadline?.cancel()
        context.fireChannelInactive()
    }

    /// Closes the connection unless a request head arrives within `headTimeout`.
    private func awaitHead(context: ChannelHandlerContext) {
        headDeadline?.cancel()
        headDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: headTimeout) { context.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            headDeadline?.cancel()
            self.head = head
            body.removeAll(keepingCapacity: true)
            tooLarge = false
        case .body(let buffer):
            if body.count + buffer.readableBytes > Self.bodyLimit {
                tooLarge = true
            } else {
                body.append(contentsOf: buffer.readableBytesView)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let started = DispatchTime.now()
            let request = MockRequest(
                method: head.method.rawValue, target: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body)
            let outcome =
                tooLarge
                ? MockService.Outcome(
                    reply: MockProblem(status: 413, title: "Too large", detail: "the mock reads bodies up to \(Self.bodyLimit) bytes").reply
                )
                : service.respond(to: request)
            let keepAlive = head.isKeepAlive && !tooLarge
            let finish = { [log] (reply: MockReply, route: String?, answer: String?) in
                self.send(reply, head: head, keepAlive: keepAlive, context: context)
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
                log(
                    MockHit(
                        time: Date(), method: request.method, path: head.uri, route: route, answer: answer,
                        status: reply.dropsConnection ? 0 : reply.status, milliseconds: elapsed, request: request))
            }
            if outcome.route == nil, !tooLarge, let upstream = service.upstream {
                let promise = context.eventLoop.makePromise(of: MockReply.self)
                promise.completeWithTask { await upstream(request) }
                promise.futureResult.assumeIsolated().whenSuccess { finish($0, "upstream", nil) }
            } else if outcome.reply.delay > 0 {
                context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(outcome.reply.delay))) {
                    finish(outcome.reply, outcome.route, outcome.answer)
                }
            } else {
                finish(outcome.reply, outcome.route, outcome.answer)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func send(_ reply: MockReply, head request: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if reply.dropsConnection { return context.close(promise: nil) }
        var headers = HTTPHeaders(reply.headers.map { ($0.name, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: String(reply.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: reply.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        let body = request.method == .HEAD ? [] : reply.body[...]
        if let bytesPerSecond = reply.bytesPerSecond, !body.isEmpty {
            context.flush()
            dribble(body, bytesPerSecond: bytesPerSecond, context: context) { self.end(keepAlive: keepAlive, context: context) }
            return
        }
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        end(keepAlive: keepAlive, context: context)
    }

    /// Writes `body` a piece at a time, so that it goes at `bytesPerSecond` (ten pieces a second,
    /// or a byte at a time below ten bytes a second), then calls `finish`; stops when the client goes.
    private func dribble(
        _ body: ArraySlice<UInt8>, bytesPerSecond: Int, context: ChannelHandlerContext, finish: @escaping () -> Void
    ) {
        guard context.channel.isActive else { return }
        let (size, interval) = bytesPerSecond >= 10 ? (bytesPerSecond / 10, 100) : (1, 1000 / bytesPerSecond)
        let piece = context.channel.allocator.buffer(bytes: body.prefix(size))
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(piece))), promise: nil)
        let rest = body.dropFirst(size)
        guard !rest.isEmpty else { return finish() }
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(interval))) {
            self.dribble(rest, bytesPerSecond: bytesPerSecond, context: context, finish: finish)
        }
    }

    /// Ends the response: waits for the next request head on a kept-alive connection, else closes it.
    private func end(keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if keepAlive {
            awaitHead(context: context)
        } else {
            done.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}
