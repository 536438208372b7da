import FerryTUI
import FerryTerminal
import Foundation

/// A thread waiting up to a minute for a terminal's next event, as the runtime's loop waits.
final class WaitingReader: @unchecked Sendable {
    private let lock = NSLock()
    private var isWaiting = false
    private var answer: Message??

    /// Starts the wait on a thread of its own.
    init(_ terminal: any Terminal & Sendable) {
        Thread { [self] in
            lock.withLock { isWaiting = true }
            let event = terminal.nextEvent(timeout: 60_000)
            lock.withLock { answer = .some(event) }
        }.start()
    }

    /// Returns once the thread is about to wait (at most 10 s).
    func started() async throws {
        try await poll { lock.withLock { isWaiting } }
    }

    /// What the wait returned (`.some(nil)`: no event), or nil when it still waits after 10 s.
    func returned() async throws -> Message?? {
        try await poll { lock.withLock { answer != nil } }
        return lock.withLock { answer }
    }

    private func poll(_ done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }
}
