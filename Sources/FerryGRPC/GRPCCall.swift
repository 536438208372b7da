import FerryCore
import Foundation

/// One gRPC call's request: the method's path, its metadata and deadline, and the messages to send
/// (already encoded), which may come one by one while the call runs (client and bidi streams).
public struct GRPCCall: Sendable {
    /// The next message to send, blocking until it is there; nil ends the request stream. It runs
    /// on the transport's thread, so it should not wait on an answer of the same call.
    public typealias NextMessage = @Sendable () throws -> [UInt8]?

    public var target: GRPCTarget
    /// `pkg.Service/Method`.
    public var method: String
    public var metadata: [(name: String, value: String)] = []
    /// Seconds: sent as `grpc-timeout`, and the call ends a second later if the server does not end it.
    public var timeout: Double?
    /// TLS and connection options (`--insecure`, `--cacert`, `--connect-timeout`).
    public var options = RequestOptions()
    public var maximumMessageSize = 4 << 20
    /// Credentials the transport applies as it sends (a request file's `auth:`).
    public var authentication: Authentication?
    /// gRPC, or gRPC-Web (binary or text).
    public var wireFormat = GRPCWireFormat.grpc
    /// The HTTP version of a gRPC-Web call (gRPC itself is always HTTP/2): HTTP/1.1 in clear text
    /// and ALPN's choice over TLS unless told.
    public var webHTTPVersion = HTTPVersionPreference.automatic
    /// How the request's messages are compressed (`grpc-encoding`); nil: not at all. Answers may
    /// come compressed either way (`grpc-accept-encoding` offers gzip and deflate).
    public var compression: GRPCCompression?
    public var messages: Messages

    public enum Messages: Sendable {
        case fixed([[UInt8]])
        case streamed(NextMessage)
    }

    public init(target: GRPCTarget, method: String, messages: Messages) {
        self.target = target
        self.method = method
        self.messages = messages
    }

    /// The HTTP/2 request that carries the call.
    func request() -> Request {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: wireFormat.contentType)
        if wireFormat.isWeb {
            headers.add(name: "Accept", value: wireFormat.contentType)
            headers.add(name: "X-Grpc-Web", value: "1")
        } else {
            headers.add(name: "TE", value: "trailers")
        }
        headers.add(name: "User-Agent", value: "ferry-grpc")
        headers.add(name: "grpc-accept-encoding", value: "identity, deflate, gzip")
        if let compression { headers.add(name: "grpc-encoding", value: compression.rawValue) }
        if let timeout { headers.add(name: "grpc-timeout", value: Self.timeoutText(timeout)) }
        for (name, value) in metadata { headers.add(name: name, value: value) }
        var options = self.options
        options.httpVersion = wireFormat.isWeb ? webHTTPVersion : .http2PriorKnowledge
        options.followRedirects = false
        options.decompress = false
        options.defaultHeaders = false
        if let timeout { options.totalTimeout = timeout + 1 }
        let body: RequestBody
        switch messages {
        case .fixed(let list):
            let framed = Data(list.flatMap { GRPCFrameDecoder.frame($0, compression: compression) })
            body = .bytes(wireFormat == .webText ? Data(framed.base64EncodedString().utf8) : framed)
        case .streamed(let next):
            let compression = self.compression
            body = .stream(BodyStreamSource(length: nil) { GRPCMessageStream(next: next, compression: compression) })
        }
        return Request(
            method: .post, url: target.url(of: method), headers: headers, body: body, options: options, authentication: authentication)
    }

    /// `grpc-timeout`: at most 8 digits and a unit.
    static func timeoutText(_ seconds: Double) -> String {
        let milliseconds = max(1, Int((seconds * 1000).rounded(.up)))
        return milliseconds < 100_000_000 ? "\(milliseconds)m" : "\(min(99_999_999, milliseconds / 1000))S"
    }
}

/// A request body of framed messages taken one at a time from a `GRPCCall.NextMessage`.
final class GRPCMessageStream: BodyStream {
    private let next: GRPCCall.NextMessage
    private let compression: GRPCCompression?
    private var pending: [UInt8] = []
    private var position = 0
    private var ended = false

    init(next: @escaping GRPCCall.NextMessage, compression: GRPCCompression?) {
        self.next = next
        self.compression = compression
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while position == pending.count {
            guard !ended, let message = try next() else {
                ended = true
                return 0
            }
            pending = GRPCFrameDecoder.frame(message, compression: compression)
            position = 0
        }
        let count = min(buffer.count, pending.count - position)
        pending.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }
}
