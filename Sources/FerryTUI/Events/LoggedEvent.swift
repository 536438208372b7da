import FerryCore

/// Something the Events tab lists: a stream's event or a WebSocket message, with the bytes it takes.
public protocol LoggedEvent: Sendable {
    var size: Int { get }
}

extension StreamEvent: LoggedEvent {}
