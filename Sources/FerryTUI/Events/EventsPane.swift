import FerryCore

/// The Events tab, a room of the TUI: the events of the response being streamed (or the last one),
/// or the messages of a WebSocket both ways; which is selected, and whether the selection follows
/// the newest as `tail -f` does.
public struct EventsPane: Sendable {
    /// A WebSocket shown in the tab: the request that opened it and how far it got.
    public struct WebSocket: Sendable, Equatable {
        public enum Phase: Sendable, Equatable {
            case open
            /// A close was sent; the server's answer ends the connection.
            case closing
            case closed
        }
        public var id: Int
        public var phase = Phase.open
        public var sent = 0
        public var received = 0
        /// The close the session ended with (the server's, or ours when it never answered).
        public var close: WebSocketMessage?
    }

    /// How the body is cut into events; nil when the response is not a stream.
    public private(set) var framing: StreamFraming?
    public private(set) var log = StreamEventLog()
    /// The WebSocket whose messages the tab lists, when the exchange is one.
    public private(set) var webSocket: WebSocket?
    public private(set) var messages = EventLog<WebSocketEvent>()
    /// The selected row, an index into `log` (or `messages`).
    public private(set) var selection = 0
    /// True while the selection moves to each new event; moving up pauses, End (G) follows again.
    public private(set) var follow = true
    /// When the response head arrived, in microseconds since the request started.
    public private(set) var headTime: Int64?

    public init(capacity: Int = StreamEventLog.defaultCapacity) {
        log = StreamEventLog(capacity: capacity)
        messages = EventLog(capacity: capacity)
    }

    /// True when the tab has something to show: a stream or a WebSocket.
    public var isShown: Bool { framing != nil || webSocket != nil }

    /// Rows kept.
    public var count: Int { webSocket == nil ? log.count : messages.count }

    /// A stream begins: what an earlier one left is dropped.
    public mutating func begin(_ framing: StreamFraming, time: Int64) {
        self = EventsPane(capacity: log.capacity)
        self.framing = framing
        headTime = time
    }

    /// A WebSocket of request `id` opened, its 101 at `time`: what an earlier stream left is dropped.
    public mutating func beginWebSocket(id: Int, time: Int64) {
        self = EventsPane(capacity: log.capacity)
        webSocket = WebSocket(id: id)
        headTime = time
    }

    /// Events arrived: the log keeps the newest, and the selection follows or stays on its event.
    public mutating func append(_ events: [StreamEvent]) {
        follows(after: log.append(events))
    }

    /// WebSocket messages went or came (after `skipped` ones only counted); a close ends (or answers) the session.
    public mutating func append(_ arrived: [WebSocketMessage], skipped: WebSocketSkipped = WebSocketSkipped()) {
        guard var socket = webSocket else { return }
        socket.sent += skipped.sent
        socket.received += skipped.received
        messages.skip(skipped.count, bytes: skipped.bytes)
        for message in arrived {
            if message.direction == .sent { socket.sent += 1 } else { socket.received += 1 }
            if message.kind == .close {
                if message.direction == .received { socket.phase = .closed } else if socket.phase == .open { socket.phase = .closing }
                if socket.close == nil || message.direction == .received { socket.close = message }
            }
        }
        webSocket = socket
        let numbered = arrived.enumerated().map { WebSocketEvent(number: messages.total + $0.offset + 1, message: $0.element) }
        follows(after: messages.append(numbered))
    }

    /// The WebSocket's connection ended.
    public mutating func webSocketEnded() {
        webSocket?.phase = .closed
    }

    /// Esc asked to close the WebSocket.
    public mutating func webSocketClosing() {
        if webSocket?.phase == .open { webSocket?.phase = .closing }
    }

    /// The id of the request whose WebSocket is open (not yet closing), if there is one.
    var openWebSocketID: Int? {
        guard let webSocket, webSocket.phase == .open else { return nil }
        return webSocket.id
    }

    /// Esc while a WebSocket is open: a close (1000) goes, and the server's answer ends the connection.
    mutating func closeWebSocket(notice: inout String?) -> [Effect] {
        guard let id = openWebSocketID else { return [] }
        webSocketClosing()
        notice = "closing the WebSocket…"
        return [.closeWebSocket(id: id)]
    }

    private mutating func follows(after dropped: Int) {
        selection = follow ? max(0, count - 1) : max(0, selection - dropped)
    }

    /// Moves the selection; reaching the newest event turns following on, leaving it turns it off.
    public mutating func move(by delta: Int) {
        guard count > 0 else { return }
        selection = max(0, min(count - 1, selection.addingClamped(delta)))
        follow = selection == count - 1
    }

    /// The selected event, if there is one.
    public var selected: StreamEvent? { webSocket == nil && log.count > 0 ? log[selection] : nil }

    /// The selected WebSocket message, if there is one.
    public var selectedMessage: WebSocketEvent? { webSocket != nil && messages.count > 0 ? messages[selection] : nil }
}
