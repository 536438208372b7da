import FerryCore
import Foundation
import Synchronization

/// `ferry run`'s contract checks (`ContractCheck`) made in batches on a thread of its own, which
/// blocks between batches. On a small machine a run is a ping-pong of the curl thread and the server
/// on one core, so the curl thread's CPU is the run's wall time while the other core idles; a
/// thread woken per check would cost the curl thread about what the check does, so the curl thread
/// queues each exchange's checks and wakes the worker once a batch is queued: one wake-up for
/// `Limits.batch` exchanges. The thread starts with the first batch (a short run makes its checks
/// on the curl thread) and ends with the run (`finish`).
final class ContractCheckWorker: @unchecked Sendable {
    struct Limits: Sendable {
        /// Checks queued before the worker is woken.
        var batch = 32
        /// Exchanges whose verdicts are waited for, at most: past it, the run's thread makes the oldest itself.
        var capacity = 256
        /// The longest an exchange's report line and history row wait for its verdicts after its
        /// response is in: past it, the run's thread makes them itself.
        var bound = Duration.milliseconds(25)
    }

    let limits: Limits
    private let condition = NSCondition()
    // Under `condition`.
    private var queue: [ContractCheck] = []
    private var finished = false
    private var started = false
    /// Threads waiting in `wait(for:)`, read by the worker without the lock after each check.
    private let waiters = Atomic<Int>(0)

    init(_ limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Queues `check`; the worker is woken when a batch is queued.
    func submit(_ check: ContractCheck) {
        condition.lock()
        queue.append(check)
        let full = queue.count == limits.batch
        if full, !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "ferry contract checks"
            thread.start()
        }
        condition.unlock()
        if full { condition.signal() }
    }

    /// Ends the worker after the batch it is making: the run's thread makes the checks still queued
    /// itself, with no wait for a worker that other work may keep off its core.
    func finish() {
        condition.lock()
        finished = true
        queue.removeAll()
        condition.unlock()
        condition.signal()
    }

    /// Blocks until `check`, which the worker is making, is made.
    func wait(for check: ContractCheck) {
        condition.lock()
        waiters.add(1, ordering: .sequentiallyConsistent)
        while !check.isMade { condition.wait() }
        waiters.subtract(1, ordering: .sequentiallyConsistent)
        condition.unlock()
    }

    private func run() {
        var taken: [ContractCheck] = []
        condition.lock()
        while true {
            while queue.count < limits.batch, !finished { condition.wait() }
            if queue.isEmpty { break }
            swap(&taken, &queue)
            condition.unlock()
            for check in taken where check.make() && waiters.load(ordering: .sequentiallyConsistent) > 0 {
                condition.lock()
                condition.broadcast()
                condition.unlock()
            }
            taken.removeAll(keepingCapacity: true)
            condition.lock()
        }
        condition.unlock()
    }
}
