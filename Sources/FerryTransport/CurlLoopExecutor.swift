import FerryCore

/// Runs a task's jobs on a transport's curl thread, between its transfers.
///
/// A caller that sends one request after another (a `ferry run`) otherwise pays two thread hops a
/// request: its task wakes the curl thread to start the transfer, and the finished transfer wakes a
/// thread of the cooperative pool to resume the task. With this executor preferred
/// (`withTaskExecutorPreference(transport.executor)`) the task runs where the transfers run, as
/// `curl -K` does, and neither hop happens. Work of such a task that runs long (a script) pumps the
/// loop (`TransferPump`), so the transfers in flight go on meanwhile.
final class CurlLoopExecutor: TaskExecutor, TransferPump {
    private unowned let loop: CurlMultiLoop

    init(loop: CurlMultiLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        loop.submit(.run(UnownedJob(job), on: self))
    }

    func pump() { loop.pump() }
}
