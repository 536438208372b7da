import Dispatch
import FerryTUI
import Synchronization

/// Messages posted from other threads (transfers, signals, background reads) for the UI loop to pick up.
///
/// The first message posted after a `drain()` wakes the loop's wait for input, so it shows at once.
final class MessageInbox: Sendable {
    /// A message, or one made when the loop picks it up (nil: nothing to say by then).
    private enum Entry {
        case now(Message)
        case later(@Sendable () -> Message?)
    }

    private let messages = Mutex<[Entry]>([])
    /// True from a post's wake-up until the loop drains: later posts need not wake it again.
    private let isWoken = Atomic<Bool>(false)
    private let wakeUp: @Sendable () -> Void

    /// An inbox that calls `wakeUp` (a terminal's) when a message waits for the loop.
    init(wakeUp: @escaping @Sendable () -> Void) {
        self.wakeUp = wakeUp
    }

    func post(_ message: Message) {
        messages.withLock { $0.append(.now(message)) }
        wake()
    }

    /// Posts a message made when the loop drains the inbox, in its place among the others: a
    /// producer faster than the loop gathers what the loop will take meanwhile in bounded memory.
    func post(later make: @escaping @Sendable () -> Message?) {
        messages.withLock { $0.append(.later(make)) }
        wake()
    }

    /// Runs `work` off the UI thread and posts its answer.
    func answer(_ work: @escaping @Sendable () async -> Message) {
        Task.detached { [self] in post(await work()) }
    }

    /// Runs `work`, which waits on files or a database, on a dispatch thread and posts its answer. Not
    /// on Swift's task pool: it has one thread per core and adds none while they wait, so a few slow
    /// reads (or, in tests, other work holding the pool) would keep the sidebar at "reading…".
    func answer(blocking work: @escaping @Sendable () -> Message?) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            if let message = work() { post(message) }
        }
    }

    private func wake() {
        if !isWoken.exchange(true, ordering: .sequentiallyConsistent) { wakeUp() }
    }

    /// Everything posted since the last call, oldest first.
    func drain() -> [Message] {
        // Cleared before taking the messages: a post from here on wakes the loop again.
        isWoken.store(false, ordering: .sequentiallyConsistent)
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
