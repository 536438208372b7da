/// A token bucket that paces a transfer to `rate` bytes per second on average, with at most a tenth
/// of a second's worth in one burst (AFNetworking's bandwidth throttling, done without blocking the
/// transfer thread: the caller pauses the transfer until `resumeTime` and the loop unpauses it).
///
/// Uploads `take` only what is allowed; downloads `consume` what arrived, going into debt, and
/// pause until the debt is paid.
struct RateThrottle {
    let rate: Int64
    private var tokens: Double
    private var lastRefill: UInt64

    /// - Parameter now: monotonic nanoseconds (as are all the times here).
    init(rate: Int64, now: UInt64) {
        self.rate = max(1, rate)
        tokens = max(1, Double(self.rate) / 10)
        lastRefill = now
    }

    private var burst: Double { max(1, Double(rate) / 10) }

    /// How many bytes may be sent now (at most `wanted`); they are taken from the bucket. Nothing
    /// is granted until a worthwhile amount has built up, so a transfer moves in chunks, not dribbles.
    mutating func take(upTo wanted: Int, now: UInt64) -> Int {
        refill(now: now)
        guard tokens >= min(Double(wanted), resumeThreshold) else { return 0 }
        let granted = min(wanted, Int(tokens))
        tokens -= Double(granted)
        return granted
    }

    /// Records `count` bytes that arrived, allowing the bucket to go negative.
    mutating func consume(_ count: Int, now: UInt64) {
        refill(now: now)
        tokens -= Double(count)
    }

    /// The smallest amount worth waking up for: a few kilobytes, or the whole burst at slow rates,
    /// so a paused transfer is not resumed for a handful of bytes at a time.
    private var resumeThreshold: Double { min(burst, 16_384) }

    /// True when nothing may move until `resumeTime`.
    func mustWait(now: UInt64) -> Bool { tokens(at: now) < 1 }

    /// When a worthwhile amount will be allowed again.
    func resumeTime(now: UInt64) -> UInt64 {
        let missing = max(0, resumeThreshold - tokens(at: now))
        return now + UInt64((missing / Double(rate) * 1e9).rounded(.up))
    }

    /// The bucket's content at `now`, refilled at `rate` since the last change, capped at the burst.
    private func tokens(at now: UInt64) -> Double {
        guard now > lastRefill else { return tokens }
        return min(burst, tokens + Double(now - lastRefill) / 1e9 * Double(rate))
    }

    private mutating func refill(now: UInt64) {
        tokens = tokens(at: now)
        lastRefill = max(lastRefill, now)
    }
}
