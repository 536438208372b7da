import FerryTUI
import Synchronization

/// Messages posted from other threads (transfers, signals, background reads) for the UI loop to pick up.
final class MessageInbox: Sendable {
    private let messages = Mutex<[Message]>([])
    private let outstanding = Atomic<Int>(0)

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
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
        messages.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
