import FerryTransport
import Testing

@testable import FerryCLI

/// The one-line progress `ferry load` rewrites on a terminal's stderr.
@Suite struct LoadProgressLineTests {
    @Test func theLineCarriesTheLivePercentilesOnceSomethingWasAnswered() {
        var progress = LoadProgress()
        progress.elapsed = 0.5
        #expect(LoadProgressLine.line(progress) == "ferry load: 0.50 s  0 responses  0 failures  0.00/s  0 in flight")
        progress.elapsed = 2.5
        progress.responses = 1200
        progress.failures = 3
        progress.lastSecond = 500
        progress.inFlight = 8
        progress.latency.p50 = 1.934
        progress.latency.p90 = 2.8
        progress.latency.p99 = 140.25
        #expect(
            LoadProgressLine.line(progress)
                == "ferry load: 2.50 s  1200 responses  3 failures  500.0/s  8 in flight  p50 1.93  p90 2.80  p99 140.2 ms")
    }
}
