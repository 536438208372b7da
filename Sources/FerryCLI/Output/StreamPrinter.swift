import FerryCore
import Foundation

/// Prints a streamed response as its events arrive, for `ferry send`: server-sent events and NDJSON
/// by their Content-Type, any body with `--stream`. It runs on the transport's thread.
///
/// Text output gives each server-sent event a line `[+seconds] type id=…` and then its data; a line of
/// NDJSON or text is printed as it is. On a terminal, control characters are escaped. `--json` writes
/// one JSON object per event (JSON Lines). Nothing is kept but the parser's current event, so an
/// endless stream costs no memory here (the transport spools the body to disk).
final class StreamPrinter: ResponseStreamObserver, @unchecked Sendable {
    /// One event as `--json` writes it.
    struct EventLine: Encodable {
        var event: Int
        var type: String
        var id: String?
        var timeMs: Double
        var size: Int
        var data: String
        var retry: Int?
        var truncated: Bool?
    }

    private let printer: ResponsePrinter
    private let forced: Bool
    private let json: Bool
    private let includeHead: Bool
    private let encoder: JSONEncoder
    private let lock = NSLock()
    private var decoder: StreamEventDecoder?
    private var printed = 0

    init(printer: ResponsePrinter, forced: Bool, json: Bool, includeHead: Bool) {
        self.printer = printer
        self.forced = forced
        self.json = json
        self.includeHead = includeHead
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// The stream, once the response turned out to be one: its framing, the events printed, whether the user stopped it.
    func report(stoppedByUser: Bool) -> ExchangeReport.StreamPart? {
        lock.withLock { decoder.map { .init(framing: $0.framing.rawValue, events: printed, stoppedByUser: stoppedByUser) } }
    }

    /// True once a response head asked for streaming: its body is printed here, not at the end.
    var isStreaming: Bool { lock.withLock { decoder != nil } }

    func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
        lock.withLock {
            guard let framing = StreamFraming(status: status.code, headers: headers, forced: forced) else {
                decoder = nil
                return false
            }
            decoder = StreamEventDecoder(framing: framing)
            if includeHead, !json { printer.printHead(statusLine: "\(status.version) \(status.code) \(status.reason)", headers: headers) }
            return true
        }
    }

    func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64) {
        lock.withLock {
            guard var decoder else { return }
            let events = decoder.feed(bytes, time: time)
            self.decoder = decoder
            events.forEach(print)
        }
    }

    /// The end of the exchange: prints what the last bytes complete (a last line without its end).
    func finish(time: Int64) {
        lock.withLock {
            guard var decoder else { return }
            decoder.finish(time: time).forEach(print)
            self.decoder = decoder
        }
    }

    private func print(_ event: StreamEvent) {
        printed += 1
        if json {
            let line = EventLine(
                event: event.number, type: event.type, id: event.id, timeMs: Double(event.time) / 1000,
                size: event.size, data: event.data, retry: event.retry, truncated: event.truncated ? true : nil)
            guard let encoded = try? encoder.encode(line) else { return }
            return printer.stdout.write(redacted(String(decoding: encoded, as: UTF8.self)) + "\n")
        }
        var text: String
        switch decoder?.framing {
        case .serverSentEvents?:
            text = String(format: "[+%.3fs] ", Double(event.time) / 1e6) + event.type + (event.id.map { " id=\($0)" } ?? "") + "\n"
            text += event.data + "\n\n"
        default:
            text = event.data + "\n"
        }
        printer.printText(redacted(text))
    }

    private func redacted(_ text: String) -> String {
        printer.redaction.isEmpty ? text : printer.redaction.redact(text)
    }
}
