import FerryCore
import FerryDigest
import Foundation
import NIOCore
import NIOTLS
import NIOWebSocket

/// The client's side of the WebSocket opening handshake (RFC 6455 §4.1): sends the upgrade request,
/// reads the answer's head, checks `101` and `Sec-WebSocket-Accept`, then puts the frame handlers in
/// its place and passes on the bytes that came behind the head — a server may send its first frames
/// in the same read as its 101, and none may be lost.
final class WebSocketHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The answer's head: status and headers, when the connection was made, the TLS handshake done
    /// (0 without TLS) and the head read, on the connection's clock, and the server's address.
    typealias Head = (status: Int, headers: FerryCore.HTTPHeaders, connected: Int64, secured: Int64, answered: Int64, remote: String?)

    /// A head longer than this is refused.
    private static let maximumHeadSize = 64 << 10
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    private let request: String
    private let key: String
    private let promise: EventLoopPromise<Head>
    private let clock: WebSocketClock
    private let installFrameHandlers: (ChannelPipeline.SynchronousOperations) throws -> Void
    private var received: ByteBuffer?
    private var done = false
    private var connected: Int64 = 0
    private var secured: Int64 = 0
    private var remote: String?

    /// The upgrade request's head for `target` and `headers`, and the key it carries.
    static func head(target: String, headers: [(name: String, value: String)]) -> (text: String, key: String) {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var lines = ["GET \(target) HTTP/1.1"] + headers.map { "\($0.name): \($0.value)" }
        lines += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
        return (lines.joined(separator: "\r\n") + "\r\n\r\n", key)
    }

    /// Sends `head` (from `head(target:headers:)`); `installFrameHandlers` adds the frame handlers
    /// behind this one once the server switched protocols.
    init(
        head: (text: String, key: String), clock: WebSocketClock, promise: EventLoopPromise<Head>,
        installFrameHandlers: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void
    ) {
        (request, key) = head
        self.clock = clock
        self.promise = promise
        self.installFrameHandlers = installFrameHandlers
    }

    func channelActive(context: ChannelHandlerContext) {
        connected = clock.now
        remote = context.channel.remoteAddress.flatMap { address in address.ipAddress.flatMap { ip in address.port.map { "\(ip):\($0)" } } }
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted? = event as? TLSUserEvent { secured = clock.now }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        guard !done else { return context.fireChannelRead(wrapInboundOut(bytes)) }
        if received == nil { received = bytes } else { received!.writeBuffer(&bytes) }
        guard let view = received?.readableBytesView, let end = view.firstRange(of: Array("\r\n\r\n".utf8)) else {
            if (received?.readableBytes ?? 0) > Self.maximumHeadSize { fail("the handshake's answer has no end of head", context: context) }
            return
        }
        let headText = String(decoding: view[view.startIndex..<end.lowerBound], as: UTF8.self)
        received!.moveReaderIndex(forwardBy: end.upperBound - view.startIndex)
        let lines = headText.components(separatedBy: "\r\n")
        let status = lines.first.flatMap(HeaderLine.parseStatus)
        var headers = FerryCore.HTTPHeaders()
        for line in lines.dropFirst() { if let field = HeaderLine.parse(line) { headers.add(name: field.name, value: field.value) } }
        guard let status, status.code == 101 else {
            return fail(
                "the server answered \(lines.first ?? "nothing") without switching to the WebSocket protocol (no 101)", context: context)
        }
        let expected = Data(MessageDigest.hash(.sha1, data: Data((key + Self.acceptGUID).utf8))).base64EncodedString()
        guard headers["Sec-WebSocket-Accept"] == expected else {
            return fail("the server's Sec-WebSocket-Accept does not answer the key sent", context: context)
        }
        do {
            try installFrameHandlers(context.pipeline.syncOperations)
        } catch {
            return fail("\(error)", context: context)
        }
        done = true
        promise.succeed((status.code, headers, connected, secured, clock.now, remote))
        if let rest = received, rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        received = nil
        context.pipeline.syncOperations.removeHandler(self, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done { fail("the connection closed during the handshake", context: context) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done { promise.fail(error) }
        done = true
        context.close(promise: nil)
    }

    private func fail(_ detail: String, context: ChannelHandlerContext) {
        guard !done else { return }
        done = true
        promise.fail(
            FerryError.transportFailed(reason: .init(kind: .other, code: 0, codeText: "WebSocket handshake failed", detail: detail)))
        context.close(promise: nil)
    }
}
