import Foundation

/// One event of a streamed response: a server-sent event, or a line of NDJSON or of a text stream.
public struct StreamEvent: Sendable, Equatable {
    /// 1 for the first event of the response, counting on.
    public var number: Int
    /// The SSE event type (`message` when the stream names none); `line` for line-framed streams.
    public var type: String
    /// The SSE last event ID when the event was dispatched (nil when the stream set none).
    public var id: String?
    /// The event's data: SSE `data:` lines joined with line feeds, or the line itself.
    public var data: String
    /// The reconnection time a `retry:` field of this event set, in milliseconds.
    public var retry: Int?
    /// Bytes of the stream this event took, comments and field names included.
    public var size: Int
    /// When it was complete, in microseconds since the request started.
    public var time: Int64
    /// True when the data was longer than the decoder keeps and was cut.
    public var truncated: Bool

    public init(number: Int, type: String, id: String?, data: String, retry: Int? = nil, size: Int, time: Int64, truncated: Bool = false) {
        self.number = number
        self.type = type
        self.id = id
        self.data = data
        self.retry = retry
        self.size = size
        self.time = time
        self.truncated = truncated
    }
}
