import FerryCore
import Foundation
import Synchronization

/// One thread of a load, whichever engine drives it (`LoadCurlWorker`, `LoadSocketWorker`): it runs
/// its share of the connections and of the schedule, and may be stopped from any thread.
protocol LoadThread: AnyObject, Sendable {
    /// Runs until the schedule is done, the deadline, `stop`, or a failure that ends the load.
    /// `start` is the load's common start (uptime nanoseconds); `firstAlone` holds the other requests
    /// back until the first is answered, then calls `onFirstAnswer` (unless the load gave up).
    func run(start: UInt64, firstAlone: Bool, onFirstAnswer: () -> Void) -> LoadThreadOutcome
    /// Ends the run at its next turn: an interruption (Ctrl-C), or the end of a load another thread gave up.
    func stop(interrupting: Bool)
    /// What the thread last published (every 200 ms): read from any thread, without stopping it.
    var snapshot: LoadThreadSnapshot { get }
}

/// A thread's statistics as it last published them for the live view, with when and how many
/// requests were in flight. A copy: the thread records on into its own (the histogram's storage is
/// shared until its next record, then copied once), so its hot path takes no lock.
struct LoadThreadSnapshot {
    var statistics = LoadStatistics()
    /// Nanoseconds since the load's start.
    var elapsed: UInt64 = 0
    var inFlight = 0
}

/// A request of the load as every thread sends it: authenticated, its body read once.
struct LoadThreadTarget: Sendable {
    var request: Request
    var body: Data?
    var check: (@Sendable (Response) -> String?)?
}

/// What the threads of one load share: the count of requests started, which picks the sampled ones.
final class LoadSampler: Sendable {
    let sampleEvery: Int
    let bodyLimit: Int
    private let started = Atomic<Int>(0)

    init(sampleEvery: Int, bodyLimit: Int) {
        self.sampleEvery = sampleEvery
        self.bodyLimit = bodyLimit
    }

    /// Counts a request started; true for the first one and every `sampleEvery`-th after it.
    func startIsSampled() -> Bool { started.wrappingAdd(1, ordering: .relaxed).oldValue % sampleEvery == 0 }
}

/// What a thread hands back when it ends.
struct LoadThreadOutcome {
    var statistics: LoadStatistics
    var end: UInt64
    var unfinished: Int
    var interrupted: Bool
    var abandoned: String?
}

extension LoadSchedule {
    /// Milliseconds a thread may wait for its sockets: until the next request is due (when a
    /// connection is free for it), the deadline, or `interval` nanoseconds, whichever comes first.
    func pollTimeout(now: UInt64, idle: Bool, interval: UInt64) -> Int32 {
        var wake = now + interval
        if idle, !isFinished(now: now) { wake = min(wake, nextDue(now: now)) }
        if let deadline { wake = min(wake, deadline) }
        guard wake > now else { return 0 }
        return Int32((wake - now + 999_999) / 1_000_000)
    }
}
