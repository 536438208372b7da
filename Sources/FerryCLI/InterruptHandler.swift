import Dispatch
import Foundation

/// Turns SIGINT into a callback while alive, so a command can cancel its work and clean up
/// instead of dying mid-write. A second SIGINT after cancel ends the process as usual.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
    }

    /// The task `start` makes, cancelled by SIGINT, with the handler in place before the task starts:
    /// a SIGINT as soon as the task shows output (an OAuth 2.0 URL to open) is never lost.
    static func guarding<Success, Failure>(
        _ start: () -> Task<Success, Failure>
    ) -> (task: Task<Success, Failure>, handler: InterruptHandler) {
        let pending = PendingCancel()
        let handler = InterruptHandler { pending.cancel() }
        let task = start()
        pending.attach { task.cancel() }
        return (task, handler)
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

/// A cancellation that may come before the thing to cancel exists.
private final class PendingCancel: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var action: (@Sendable () -> Void)?

    func cancel() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            requested = true
            return self.action
        }
        action?()
    }

    func attach(_ action: @escaping @Sendable () -> Void) {
        let requested = lock.withLock { () -> Bool in
            self.action = action
            return self.requested
        }
        if requested { action() }
    }
}
