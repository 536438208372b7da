import Foundation

/// The thread scripts run on unless their caller's runs them itself (`ScriptEngine.runsOnCallersThread`:
/// `ferry run`'s curl loop, which the scripts pump): `ScriptEngine.run` prefers it, so a script of
/// `ferry send` or the TUI runs beside the thread that sent its request, which meanwhile drives the
/// transfers on the wire.
final class ScriptThread: TaskExecutor, @unchecked Sendable {
    static let shared = ScriptThread()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "ferry-scripts"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)  // the two buffers trade places: no copy, no allocation a batch
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
