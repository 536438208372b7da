import FerryCore

/// The events of a stream (or the messages of a WebSocket) as the Events tab keeps them.
public typealias StreamEventLog = EventLog<StreamEvent>

/// The newest events of a stream, at most `capacity` of them and at most `byteBudget` bytes (the
/// newest one always), and the count and size of all that arrived: an endless stream costs bounded
/// memory (the whole body is spooled by the transport).
public struct EventLog<Element: LoggedEvent>: Sendable {
    public static var defaultCapacity: Int { 10_000 }
    public static var defaultByteBudget: Int { 32 << 20 }

    public let capacity: Int
    public let byteBudget: Int
    /// Grows to `capacity` slots, then is used as a ring; dropped events leave their slot empty.
    private var slots: [Element?] = []
    /// Where the oldest kept event is in `slots`.
    private var first = 0
    /// Events kept.
    public private(set) var count = 0
    /// Bytes of the kept events.
    public private(set) var keptBytes = 0
    /// Events that arrived, kept or not.
    public private(set) var total = 0
    /// Their size in the stream.
    public private(set) var bytes: Int64 = 0

    public init(capacity: Int = defaultCapacity, byteBudget: Int = defaultByteBudget) {
        self.capacity = max(1, capacity)
        self.byteBudget = max(1, byteBudget)
    }

    /// The kept event at `index`, 0 the oldest kept.
    public subscript(index: Int) -> Element { slots[(first + index) % slots.count]! }

    /// The kept events, oldest first.
    public var kept: [Element] { (0..<count).map { self[$0] } }

    /// Adds events; returns how many of the oldest kept ones made room for them.
    @discardableResult
    public mutating func append(_ events: [Element]) -> Int {
        var dropped = 0
        for event in events {
            total += 1
            bytes += Int64(event.size)
            if count == capacity {
                dropOldest()
                dropped += 1
            }
            if slots.count < capacity {
                // Still growing: the kept events are the slots from `first` on; drop the empty ones in front now and then.
                if first > 0, first >= slots.count / 2 {
                    slots.removeFirst(first)
                    first = 0
                }
                slots.append(event)
            } else {
                slots[(first + count) % capacity] = event
            }
            count += 1
            keptBytes += event.size
            while keptBytes > byteBudget, count > 1 {
                dropOldest()
                dropped += 1
            }
        }
        return dropped
    }

    /// Counts events that arrived but are not kept (the runtime passed on only the newest).
    public mutating func skip(_ count: Int, bytes: Int64) {
        total += count
        self.bytes += bytes
    }

    private mutating func dropOldest() {
        keptBytes -= slots[first]?.size ?? 0
        slots[first] = nil
        count -= 1
        if count == 0, slots.count < capacity {
            slots.removeAll(keepingCapacity: true)
            first = 0
        } else {
            first = (first + 1) % slots.count
        }
    }
}
