import Testing

@testable import FerryTransport

@Suite struct RateThrottleTests {
    @Test func uploadsTakeABurstThenArePacedAtTheRate() {
        var throttle = RateThrottle(rate: 100_000, now: 0)
        #expect(throttle.take(upTo: 65_536, now: 0) == 10_000)  // a tenth of a second's worth
        #expect(throttle.take(upTo: 65_536, now: 0) == 0)
        #expect(throttle.resumeTime(now: 0) == 100_000_000)  // a full 10 000-byte burst at 100 kB/s
        #expect(throttle.take(upTo: 65_536, now: 50_000_000) == 0)  // 5 000 bytes: not worth waking for
        #expect(throttle.take(upTo: 4_000, now: 50_000_000) == 4_000)  // unless that is all that is wanted
        #expect(throttle.take(upTo: 65_536, now: 150_000_000) == 10_000)
        #expect(throttle.take(upTo: 100, now: 2_000_000_000) == 100)  // the bucket never holds more than the burst
        #expect(throttle.take(upTo: 9_900, now: 2_000_000_000) == 9_900)
    }

    @Test func downloadsGoIntoDebtAndWaitItOut() {
        var throttle = RateThrottle(rate: 100_000, now: 0)
        #expect(!throttle.mustWait(now: 0))
        throttle.consume(60_000, now: 0)  // 10 000 allowed, 50 000 owed
        #expect(throttle.mustWait(now: 0))
        #expect(throttle.resumeTime(now: 0) == 600_000_000)  // the 50 000 owed plus a 10 000-byte burst
        #expect(throttle.mustWait(now: 400_000_000))
        #expect(!throttle.mustWait(now: 500_020_000))
    }
}
