import Dispatch
import FerryTransport

/// The one-line live progress of a load on a terminal's stderr, rewritten four times a second and
/// erased when the load ends.
final class LoadProgressLine: @unchecked Sendable {
    private let timer: any DispatchSourceTimer
    private let stream: OutputStream
    private let queue = DispatchQueue(label: "ferry.load.progress")

    init(runner: LoadRunner, stream: OutputStream) {
        self.stream = stream
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { stream.write("\r\u{1B}[K" + Self.line(runner.progress)) }
        timer.resume()
    }

    /// Elapsed time, counts, the rate of the last whole second (of the time so far, in the first),
    /// transfers in flight, and the latency percentiles so far once something was answered.
    static func line(_ progress: LoadProgress) -> String {
        let done = Double(progress.responses + progress.failures)
        let rate = progress.elapsed >= 1 ? Double(progress.lastSecond) : progress.elapsed > 0 ? done / progress.elapsed : 0
        let latency = progress.latency
        let percentiles =
            progress.responses == 0
            ? ""
            : "  p50 \(LoadSummary.number(latency.p50))  p90 \(LoadSummary.number(latency.p90))  p99 \(LoadSummary.number(latency.p99)) ms"
        return "ferry load: \(LoadSummary.number(progress.elapsed)) s  \(progress.responses) responses  \(progress.failures) failures  "
            + "\(LoadSummary.number(rate))/s  \(progress.inFlight) in flight" + percentiles
    }

    /// Stops the updates (on their queue, so none comes after) and erases the line.
    func stop() {
        queue.sync {
            timer.cancel()
            stream.write("\r\u{1B}[K")
        }
    }
}
