import FerryTUI
import Synchronization

/// Messages posted from other threads (transfers, signals) for the UI loop to pick up.
final class MessageInbox: Sendable {
    private let messages = Mutex<[Message]>([])

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
    }

    /// Everything posted since the last call, oldest first.
    func drain() -> [Message] {
        messages.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
