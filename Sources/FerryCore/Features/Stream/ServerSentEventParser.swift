import Foundation

/// Parses `text/event-stream` bytes into events by the WHATWG HTML rules ("Server-sent events",
/// §9.2.6): a leading UTF-8 BOM is skipped, lines end in CRLF, LF or CR, `:` starts a comment,
/// `data` lines are joined with LF, `id` without NUL sets the last event ID (which carries over to
/// later events), `retry` takes ASCII digits only, unknown fields are ignored, an event is
/// dispatched at an empty line only when it has data, and an unfinished event at the end is dropped.
///
/// Memory is bounded: a line keeps at most `maximumLineLength` bytes and an event's data at most
/// `maximumDataLength`; beyond that the event is marked truncated.
public struct ServerSentEventParser: Sendable {
    public static let defaultMaximumLength = 8 << 20

    private var scanner: StreamLineScanner
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private let maximumDataLength: Int
    /// Bytes of a leading BOM seen so far; nil once the stream's start is past.
    private var bomMatched: Int? = 0
    private var data = ""
    private var hasData = false
    private var eventType = ""
    private var retry: Int?
    private var size = 0
    private var truncated = false
    /// The last event ID: survives dispatches, as the standard says.
    public private(set) var lastEventID: String?
    /// The reconnection time the stream asked for, in milliseconds.
    public private(set) var reconnectionTime: Int?
    private var dispatched = 0

    public init(maximumLineLength: Int = defaultMaximumLength, maximumDataLength: Int = defaultMaximumLength) {
        scanner = StreamLineScanner(maximumLineLength: maximumLineLength)
        self.maximumDataLength = maximumDataLength
    }

    /// Feeds the next bytes; returns the events they complete. `time` stamps them (µs since the request started).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, time: Int64) -> [StreamEvent] {
        var lines: [StreamLineScanner.Line] = []
        var start = 0
        while let matched = bomMatched, start < bytes.count {
            if bytes[start] == Self.byteOrderMark[matched] {
                start += 1
                bomMatched = matched + 1 < Self.byteOrderMark.count ? matched + 1 : nil
                if bomMatched == nil { size += Self.byteOrderMark.count }
            } else {
                bomMatched = nil  // not a BOM: the bytes taken for one are the stream's
                Self.byteOrderMark[..<matched].withUnsafeBytes { scanner.feed($0) { lines.append($0) } }
            }
        }
        scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[start...])) { lines.append($0) }
        return lines.compactMap { process($0, time: time) }
    }

    /// Convenience for tests and small inputs.
    public mutating func feed(_ bytes: Data, time: Int64 = 0) -> [StreamEvent] {
        bytes.withUnsafeBytes { feed($0, time: time) }
    }

    /// The end of the stream: an event without its closing empty line is dropped (WHATWG); returns nothing.
    public mutating func finish() {
        _ = scanner.finish()
        resetEvent()
    }

    private mutating func process(_ line: StreamLineScanner.Line, time: Int64) -> StreamEvent? {
        size += line.size
        truncated = truncated || line.truncated
        guard !line.bytes.isEmpty else { return dispatch(time: time) }
        if line.bytes[0] == UInt8(ascii: ":") { return nil }
        let colon = line.bytes.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: line.bytes[..<(colon ?? line.bytes.count)], as: UTF8.self)
        var valueStart = colon.map { $0 + 1 } ?? line.bytes.count
        if valueStart < line.bytes.count, line.bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let valueBytes = line.bytes[valueStart...]
        switch name {
        case "event":
            eventType = String(decoding: valueBytes, as: UTF8.self)
        case "data":
            if hasData { append("\n") }
            hasData = true
            append(String(decoding: valueBytes, as: UTF8.self))
        case "id":
            if !valueBytes.contains(0) { lastEventID = String(decoding: valueBytes, as: UTF8.self) }
        case "retry":
            if !valueBytes.isEmpty, valueBytes.allSatisfy({ (0x30...0x39).contains($0) }),
                let value = Int(String(decoding: valueBytes, as: UTF8.self))
            {
                reconnectionTime = value
                retry = value
            }
        default:
            break
        }
        return nil
    }

    private mutating func append(_ text: String) {
        let room = maximumDataLength - data.utf8.count
        if text.utf8.count <= room {
            data += text
        } else {
            data += String(decoding: text.utf8.prefix(max(room, 0)), as: UTF8.self)
            truncated = true
        }
    }

    private mutating func dispatch(time: Int64) -> StreamEvent? {
        defer { resetEvent() }
        guard hasData else { return nil }
        dispatched += 1
        return StreamEvent(
            number: dispatched, type: eventType.isEmpty ? "message" : eventType, id: lastEventID,
            data: data, retry: retry, size: size, time: time, truncated: truncated)
    }

    private mutating func resetEvent() {
        data = ""
        hasData = false
        eventType = ""
        retry = nil
        size = 0
        truncated = false
    }
}
