import FerryCore

/// The Events tab, a room of the TUI: the events of the response being streamed (or the last one),
/// which is selected, and whether the selection follows the newest event as `tail -f` does.
public struct EventsPane: Sendable {
    /// How the body is cut into events; nil when the response is not a stream.
    public private(set) var framing: StreamFraming?
    public private(set) var log = StreamEventLog()
    /// The selected event, an index into `log`.
    public private(set) var selection = 0
    /// True while the selection moves to each new event; moving up pauses, End (G) follows again.
    public private(set) var follow = true
    /// When the response head arrived, in microseconds since the request started.
    public private(set) var headTime: Int64?

    public init(capacity: Int = StreamEventLog.defaultCapacity) {
        log = StreamEventLog(capacity: capacity)
    }

    /// A stream begins: what an earlier one left is dropped.
    public mutating func begin(_ framing: StreamFraming, time: Int64) {
        self = EventsPane(capacity: log.capacity)
        self.framing = framing
        headTime = time
    }

    /// Events arrived: the log keeps the newest, and the selection follows or stays on its event.
    public mutating func append(_ events: [StreamEvent]) {
        let dropped = log.append(events)
        selection = follow ? max(0, log.count - 1) : max(0, selection - dropped)
    }

    /// Moves the selection; reaching the newest event turns following on, leaving it turns it off.
    public mutating func move(by delta: Int) {
        guard log.count > 0 else { return }
        selection = max(0, min(log.count - 1, selection.addingClamped(delta)))
        follow = selection == log.count - 1
    }

    /// The selected event, if there is one.
    public var selected: StreamEvent? { log.count > 0 ? log[selection] : nil }
}
