import FerryCore
import FerryTUI
import Synchronization

/// Watches a TUI request's response: when it is a stream (server-sent events, NDJSON, any body when
/// the user asked for streams, a gRPC call's messages), cuts the body
/// into events as it arrives and posts them to the UI loop. Runs on the transport's thread.
final class StreamForwarder: ResponseStreamObserver {
    private let id: Int
    private let inbox: MessageInbox
    private let decoder = Mutex<StreamEventDecoder?>(nil)
    /// Every response streams, cut into lines, as `--stream` asks.
    private let forced: Bool

    init(id: Int, inbox: MessageInbox, forced: Bool) {
        self.id = id
        self.inbox = inbox
        self.forced = forced
    }

    func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
        guard let framing = StreamFraming(status: status.code, headers: headers, forced: forced) else {
            decoder.withLock { $0 = nil }
            return false
        }
        decoder.withLock { $0 = StreamEventDecoder(framing: framing) }
        inbox.post(.streamStarted(id: id, framing, time: time))
        return true
    }

    func messageStreamStarted(headers: HTTPHeaders, time: Int64) -> Bool {
        decoder.withLock { $0 = StreamEventDecoder(framing: .grpc) }
        inbox.post(.streamStarted(id: id, .grpc, time: time))
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
