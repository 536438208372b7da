import FerryCore
import Foundation

/// A WebSocket message as the Events tab keeps it: numbered, its data cut at `dataLimit` bytes
/// (the size is the whole message's).
public struct WebSocketEvent: LoggedEvent, Equatable {
    public static let dataLimit = 256 << 10

    public var number: Int
    public var message: WebSocketMessage
    public var size: Int

    public init(number: Int, message: WebSocketMessage) {
        self.number = number
        size = message.data.count
        var kept = message
        if kept.data.count > Self.dataLimit { kept.data = kept.data.prefix(Self.dataLimit) }
        self.message = kept
    }

    /// True when the data kept is not all of it.
    public var truncated: Bool { message.data.count < size }
}
