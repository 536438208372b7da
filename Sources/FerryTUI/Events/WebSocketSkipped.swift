/// WebSocket messages the runtime counted but did not pass on: the newest are passed on, the older
/// ones of a flood only counted, so memory stays bounded when the UI falls behind.
public struct WebSocketSkipped: Sendable, Equatable {
    public var sent = 0
    public var received = 0
    public var bytes: Int64 = 0

    public init(sent: Int = 0, received: Int = 0, bytes: Int64 = 0) {
        self.sent = sent
        self.received = received
        self.bytes = bytes
    }

    public var count: Int { sent + received }
}
