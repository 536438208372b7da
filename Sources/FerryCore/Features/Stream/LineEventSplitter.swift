import Foundation

/// Cuts NDJSON / JSON Lines, or any text read as a stream, into one event per non-empty line (a line
/// may end in LF, CRLF or CR). A last line without its end is an event when the stream ends. Lines
/// longer than `maximumLineLength` keep their first bytes and are marked truncated.
public struct LineEventSplitter: Sendable {
    private var scanner: StreamLineScanner
    private var skipped = 0
    private var emitted = 0
    /// The events' type: `line`, or `message` for a gRPC call's messages.
    private let eventType: String

    public init(maximumLineLength: Int = ServerSentEventParser.defaultMaximumLength, eventType: String = "line") {
        scanner = StreamLineScanner(maximumLineLength: maximumLineLength)
        self.eventType = eventType
    }

    /// Feeds the next bytes; returns the lines they complete as events of type `eventType`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, time: Int64) -> [StreamEvent] {
        var lines: [StreamLineScanner.Line] = []
        scanner.feed(bytes) { lines.append($0) }
        return lines.compactMap { event(for: $0, time: time) }
    }

    /// The end of the stream: the last line, when it had no line end.
    public mutating func finish(time: Int64) -> StreamEvent? {
        scanner.finish().flatMap { event(for: $0, time: time) }
    }

    private mutating func event(for line: StreamLineScanner.Line, time: Int64) -> StreamEvent? {
        guard !line.bytes.isEmpty else {
            skipped += line.size  // counted in the next event's size
            return nil
        }
        emitted += 1
        defer { skipped = 0 }
        return StreamEvent(
            number: emitted, type: eventType, id: nil, data: String(decoding: line.bytes, as: UTF8.self),
            size: line.size + skipped, time: time, truncated: line.truncated)
    }
}
