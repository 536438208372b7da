import NIOCore
import NIOHTTP1

/// Reads one request at a time (NIO's pipeline handler queues pipelined ones), asks `DemoRoutes`
/// for the reply and writes it, streaming generated bodies with flow control.
final class DemoHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let isTLS: Bool
    private let oauth: DemoOAuth
    private var request: DemoRequest?

    init(isTLS: Bool, oauth: DemoOAuth) {
        self.isTLS = isTLS
        self.oauth = oauth
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let remote = context.remoteAddress.map { "\($0.ipAddress ?? "?")" } ?? "unknown"
            request = DemoRequest(head: head, isTLS: isTLS, remoteAddress: remote)
        case .body(let buffer):
            request?.append(buffer)
        case .end:
            guard let request else { return }
            self.request = nil
            let reply = DemoRoutes.reply(for: request, oauth: oauth)
            let keepAlive = request.head.isKeepAlive
            if reply.delay > .zero {
                context.eventLoop.assumeIsolated().scheduleTask(in: reply.delay) {
                    self.send(reply, keepAlive: keepAlive, context: context)
                }
            } else {
                send(reply, keepAlive: keepAlive, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    // MARK: - Writing

    private func send(_ reply: DemoReply, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var headers = reply.headers
        headers.add(name: "Server", value: "ferry-demo")
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        switch reply.body {
        case .stallBeforeHead:
            return
        case .closeWithoutReply:
            context.close(promise: nil)
        case .later(let produce):
            let promise = context.eventLoop.makePromise(of: DemoReply.self)
            promise.completeWithTask { await produce() }
            promise.futureResult.assumeIsolated().whenSuccess { self.send($0, keepAlive: keepAlive, context: context) }
        case .bytes(let bytes):
            headers.replaceOrAdd(name: "Content-Length", value: "\(bytes.count)")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            if !bytes.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil) }
            end(keepAlive: keepAlive, context: context)
        case .generated(let body):
            if let announced = body.announcedLength {
                headers.replaceOrAdd(name: "Content-Length", value: "\(announced)")
            } else {
                headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            }
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            stream(body, from: 0, keepAlive: keepAlive, context: context)
        case .paced(let body):
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            pace(body, from: 0, keepAlive: keepAlive, context: context)
        }
    }

    /// Writes the pieces of a paced body from `index` on: one per write with a pause between, or
    /// gathered into writes of up to 64 KiB without one; the next write waits for the last to leave.
    private func pace(_ body: DemoReply.PacedBody, from index: Int, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if let count = body.count, index >= count { return end(keepAlive: keepAlive, context: context) }
        var buffer = context.channel.allocator.buffer(capacity: 256)
        var next = index
        repeat {
            buffer.writeBytes(body.piece(next))
            next += 1
        } while body.interval == .zero && buffer.readableBytes < 64 << 10 && next < (body.count ?? Int.max)
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenComplete { result in
            guard case .success = result else { return }
            let more = { self.pace(body, from: next, keepAlive: keepAlive, context: context) }
            if body.interval > .zero {
                loop.scheduleTask(in: body.interval, more)
            } else {
                loop.execute(more)
            }
        }
    }

    private func stream(_ body: DemoReply.GeneratedBody, from offset: Int, keepAlive: Bool, context: ChannelHandlerContext) {
        var limit = body.length
        switch body.ending {
        case .complete: break
        case .close(let after), .stall(let after): limit = min(limit, after)
        }
        guard offset < limit else {
            switch body.ending {
            case .complete: end(keepAlive: keepAlive, context: context)
            case .close: context.close(promise: nil)
            case .stall: break
            }
            return
        }
        let count = min(body.chunkSize, limit - offset)
        var buffer = context.channel.allocator.buffer(capacity: count)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
            body.source.fill(UnsafeMutableRawBufferPointer(rebasing: pointer[0..<count]), from: body.start + offset)
            return count
        }
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenComplete { result in
            guard case .success = result else { return }
            let next = { self.stream(body, from: offset + count, keepAlive: keepAlive, context: context) }
            if body.interval > .zero {
                loop.scheduleTask(in: body.interval, next)
            } else {
                loop.execute(next)  // a fresh stack frame: completions may run inline
            }
        }
    }

    private func end(keepAlive: Bool, context: ChannelHandlerContext) {
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { done.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
    }
}
