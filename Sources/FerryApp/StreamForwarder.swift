import FerryCore
import FerryTUI
import Synchronization

/// Watches a TUI request's response: when it is a stream (server-sent events, NDJSON), cuts the body
/// into events as it arrives and posts them to the UI loop. Runs on the transport's thread.
final class StreamForwarder: ResponseStreamObserver {
    private let id: Int
    private let inbox: MessageInbox
    private let decoder = Mutex<StreamEventDecoder?>(nil)

    init(id: Int, inbox: MessageInbox) {
        self.id = id
        self.inbox = inbox
    }

    func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
        guard let framing = StreamFraming(contentType: headers["Content-Type"]) else {
            decoder.withLock { $0 = nil }
            return false
        }
        decoder.withLock { $0 = StreamEventDecoder(framing: framing) }
        inbox.post(.streamStarted(id: id, framing, time: time))
        return true
    }

    func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64) {
        let events = decoder.withLock { $0?.feed(bytes, time: time) ?? [] }
        if !events.isEmpty { inbox.post(.streamEvents(id: id, events)) }
    }

    /// The exchange ended: what the last bytes complete (a last line without its end).
    func finish(time: Int64) {
        let events = decoder.withLock { $0?.finish(time: time) ?? [] }
        if !events.isEmpty { inbox.post(.streamEvents(id: id, events)) }
    }
}
