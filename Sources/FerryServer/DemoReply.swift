import NIOCore
import NIOHTTP1

/// What the demo server answers: a status, headers and a body plan, which may misbehave on purpose.
struct DemoReply: Sendable {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: Body
    /// Wait this long before answering at all.
    var delay: TimeAmount = .zero

    enum Body: Sendable {
        case bytes([UInt8])
        case generated(GeneratedBody)
        /// Pieces sent chunked one after another, with a pause between them (the streams of `DemoStreams`).
        case paced(PacedBody)
        /// Send nothing, ever (until the connection or the server is closed).
        case stallBeforeHead
        /// Close the connection without answering.
        case closeWithoutReply
        /// The reply is worked out asynchronously (a GraphQL execution), then sent as it says.
        case later(@Sendable () async -> DemoReply)
    }

    /// A body produced piece by piece from `SeededBytes`, with flow control.
    struct GeneratedBody: Sendable {
        var source: SeededBytes
        /// Where in `source` the body starts (a range of a larger file).
        var start = 0
        var length: Int
        /// The Content-Length to announce; nil sends the body chunked.
        var announcedLength: Int?
        var chunkSize = 256 << 10
        var interval: TimeAmount = .zero
        var ending: Ending = .complete
    }

    /// A chunked body made of numbered pieces: `piece(i)` for i = 0, 1, … up to `count` (nil: forever),
    /// `interval` apart. Without a pause, pieces are gathered into writes of up to 64 KiB.
    struct PacedBody {
        var count: Int?
        var interval: TimeAmount
        var piece: @Sendable (Int) -> [UInt8]
    }

    enum Ending: Sendable {
        case complete
        /// Close the connection once this many body bytes went out.
        case close(after: Int)
        /// Stop sending after this many bytes and keep the connection open.
        case stall(after: Int)
    }

    static func text(_ text: String, status: HTTPResponseStatus = .ok, type: String = "text/plain; charset=utf-8") -> DemoReply {
        DemoReply(status: status, headers: ["Content-Type": type], body: .bytes(Array(text.utf8)))
    }

    static func data(_ bytes: [UInt8], type: String, status: HTTPResponseStatus = .ok) -> DemoReply {
        DemoReply(status: status, headers: ["Content-Type": type], body: .bytes(bytes))
    }

    static func redirect(to location: String, status: HTTPResponseStatus = .found) -> DemoReply {
        DemoReply(status: status, headers: ["Location": location], body: .bytes([]))
    }
}
