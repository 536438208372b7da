/// Which request goes next and when it is due. Pure: a worker asks it, with the time, what to start.
///
/// Targets are chosen by smooth weighted round robin (nginx's): over any `sum(weights)` requests each
/// target gets exactly its weight, spread out rather than in runs. In the open model request `k` is
/// due `k / rate` seconds after the start, whether or not a connection is free then. A load split
/// over `workers` threads gives worker `i` every `workers`-th request from the `i`-th: its share of
/// `requests`, and of the due times.
struct LoadSchedule {
    private let weights: [Int]
    private let totalWeight: Int
    private var credit: [Int]
    /// Nanoseconds between this worker's due times; nil for the closed model.
    private let interval: Double?
    /// When this worker's first request is due (nanoseconds after the start).
    private let phase: Double
    let requests: Int?
    /// Nanoseconds after the start when no more requests start.
    let deadline: UInt64?
    private(set) var started = 0

    init(weights: [Int], requests: Int?, duration: Double?, rate: Double?, worker: Int = 0, of workers: Int = 1) {
        precondition(!weights.isEmpty && weights.allSatisfy { $0 > 0 } && worker < workers)
        self.weights = weights
        totalWeight = weights.reduce(0, +)
        credit = Array(repeating: 0, count: weights.count)
        interval = rate.map { 1e9 * Double(workers) / $0 }
        phase = rate.map { 1e9 * Double(worker) / $0 } ?? 0
        self.requests = requests.map { $0 / workers + (worker < $0 % workers ? 1 : 0) }
        deadline = duration.map { UInt64($0 * 1e9) }
    }

    /// When the next request is due (nanoseconds after the start): now, in the closed model.
    func nextDue(now: UInt64) -> UInt64 {
        guard let interval else { return now }
        return UInt64(phase + Double(started) * interval)
    }

    /// True when no request is left to start: the count is reached, or the next is due at or past the deadline.
    func isFinished(now: UInt64) -> Bool {
        if let requests, started >= requests { return true }
        guard let deadline else { return false }
        return nextDue(now: now) >= deadline
    }

    /// The next request (its target and due time) when one may start at `now`; nil otherwise.
    mutating func take(now: UInt64) -> (target: Int, due: UInt64)? {
        guard !isFinished(now: now) else { return nil }
        let due = nextDue(now: now)
        guard due <= now else { return nil }
        started += 1
        return (nextTarget(), due)
    }

    /// Requests that were due by `now` but not started (the open model's backlog).
    func overdue(now: UInt64) -> Int {
        guard let interval else { return 0 }
        let end = Double(deadline.map { min($0, now) } ?? now)
        guard end > phase else { return 0 }
        var due = Int(((end - phase) / interval).rounded(.up))
        if let requests { due = min(due, requests) }
        return max(0, due - started)
    }

    private mutating func nextTarget() -> Int {
        guard weights.count > 1 else { return 0 }
        var best = 0
        for index in weights.indices {
            credit[index] += weights[index]
            if credit[index] > credit[best] { best = index }
        }
        credit[best] -= totalWeight
        return best
    }
}
