import FerryTUI
import Synchronization

/// Messages posted from other threads (transfers, signals, background reads) for the UI loop to pick up.
final class MessageInbox: Sendable {
    /// A message, or one made when the loop picks it up (nil: nothing to say by then).
    private enum Entry {
        case now(Message)
        case later(@Sendable () -> Message?)
    }

    private let messages = Mutex<[Entry]>([])
    private let outstanding = Atomic<Int>(0)

    func post(_ message: Message) {
        messages.withLock { $0.append(.now(message)) }
    }

    /// Posts a message made when the loop drains the inbox, in its place among the others: a
    /// producer faster than the loop gathers what the loop will take meanwhile in bounded memory.
    func post(later make: @escaping @Sendable () -> Message?) {
        messages.withLock { $0.append(.later(make)) }
    }

    /// Runs `work` off the UI thread and posts its answer; until it is posted, `isExpectingAnswers`
    /// is true so the loop looks at the inbox often.
    func answer(_ work: @escaping @Sendable () async -> Message) {
        outstanding.add(1, ordering: .sequentiallyConsistent)
        Task.detached { [self] in
            post(await work())
            outstanding.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// True while work started with `answer` has not posted yet.
    var isExpectingAnswers: Bool { outstanding.load(ordering: .sequentiallyConsistent) > 0 }

    /// Everything posted since the last call, oldest first.
    func drain() -> [Message] {
        let entries = messages.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
        return entries.compactMap { entry in
            switch entry {
            case .now(let message): message
            case .later(let make): make()
            }
        }
    }
}
