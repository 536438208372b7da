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

    static func line(_ progress: LoadProgress) -> String {
        "ferry load: \(LoadSummary.number(progress.elapsed)) s  \(progress.responses) responses  \(progress.failures) failures  "
            + "\(progress.lastSecond)/s  \(progress.inFlight) in flight"
    }

    /// Stops the updates (on their queue, so none comes after) and erases the line.
    func stop() {
        queue.sync {
            timer.cancel()
            stream.write("\r\u{1B}[K")
        }
    }
}
