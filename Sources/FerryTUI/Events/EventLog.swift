import FerryCore

/// The newest events of a stream, at most `capacity` of them, and the count and size of all that
/// arrived: an endless stream costs bounded memory (the whole body is spooled by the transport).
public struct StreamEventLog: Sendable {
    public static let defaultCapacity = 10_000

    public let capacity: Int
    private var ring: [StreamEvent] = []
    /// Where the oldest kept event is in `ring` once it is full.
    private var oldest = 0
    /// Events that arrived, kept or not.
    public private(set) var total = 0
    /// Their size in the stream.
    public private(set) var bytes: Int64 = 0

    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Events kept.
    public var count: Int { ring.count }

    /// The kept event at `index`, 0 the oldest kept.
    public subscript(index: Int) -> StreamEvent { ring[(oldest + index) % ring.count] }

    /// The kept events, oldest first.
    public var kept: [StreamEvent] { (0..<count).map { self[$0] } }

    /// Adds events; returns how many of the oldest kept ones made room for them.
    @discardableResult
    public mutating func append(_ events: [StreamEvent]) -> Int {
        var dropped = 0
        for event in events {
            total += 1
            bytes += Int64(event.size)
            if ring.count < capacity {
                ring.append(event)
            } else {
                ring[oldest] = event
                oldest = (oldest + 1) % capacity
                dropped += 1
            }
        }
        return min(dropped, capacity)
    }
}
