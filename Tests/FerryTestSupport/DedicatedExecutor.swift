import Dispatch

/// A task executor on a serial dispatch queue, outside Swift's cooperative pool.
///
/// Latency tests run their tasks here: on a 2-core machine the pool has two threads, and other
/// suites' CPU-bound work can hold both for a long time, which would be measured as if the code
/// under test were slow.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
