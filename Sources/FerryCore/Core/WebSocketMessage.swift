import Foundation

/// One WebSocket message, either way: what was sent (↑) or received (↓), its opcode, its payload,
/// and when (microseconds since the connection was asked for). A close carries its code and reason.
public struct WebSocketMessage: Sendable, Equatable {
    public enum Direction: String, Sendable { case sent, received }
    public enum Kind: String, Sendable { case text, binary, ping, pong, close }

    public var direction: Direction
    public var kind: Kind
    public var data: Data
    public var time: Int64
    /// For a close: the status code (1000 normal; 1005 when none was given; 1006 when the connection
    /// was dropped without a close; 1009 for a message over the limit) and its reason.
    public var closeCode: Int?
    public var closeReason: String?

    public init(direction: Direction, kind: Kind, data: Data, time: Int64, closeCode: Int? = nil, closeReason: String? = nil) {
        self.direction = direction
        self.kind = kind
        self.data = data
        self.time = time
        self.closeCode = closeCode
        self.closeReason = closeReason
    }

    /// The code a close without a close frame (a dropped connection) reports, as RFC 6455 §7.1.5 says.
    public static let abnormalClosure = 1006
    /// The code of a close for a message over the size limit (RFC 6455 §7.4.1).
    public static let messageTooBig = 1009
}
