import Foundation

/// Turns a streamed body into events with the parser its framing needs.
public struct StreamEventDecoder: Sendable {
    public let framing: StreamFraming
    private var sse = ServerSentEventParser()
    private var lines: LineEventSplitter

    public init(framing: StreamFraming) {
        self.framing = framing
        lines = LineEventSplitter(eventType: framing == .grpc ? "message" : "line")
    }

    /// Feeds the next bytes; returns the events they complete, stamped with `time` (µs since the request started).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, time: Int64) -> [StreamEvent] {
        switch framing {
        case .serverSentEvents: return sse.feed(bytes, time: time)
        case .jsonLines, .lines, .grpc: return lines.feed(bytes, time: time)
        }
    }

    /// The end of the stream: what is left completes an event for line framings (an SSE event without
    /// its empty line is dropped).
    public mutating func finish(time: Int64) -> [StreamEvent] {
        switch framing {
        case .serverSentEvents:
            sse.finish()
            return []
        case .jsonLines, .lines, .grpc:
            return lines.finish(time: time).map { [$0] } ?? []
        }
    }
}
