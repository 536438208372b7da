import Dispatch
import FerryCore
import FerryMock
import Foundation

/// The live log of hits: lines (or JSON objects, one a line) gathered from the event loops and
/// written to standard output every 50 ms, so a busy mock spends no write per request.
final class MockLogWriter: @unchecked Sendable {
    private let stream: OutputStream
    private let json: Bool
    private let lock = NSLock()
    private var pending = Data()
    private let timer: any DispatchSourceTimer
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    init(stream: OutputStream, json: Bool) {
        self.stream = stream
        self.json = json
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ferry.mock.log"))
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    func record(_ hit: MockHit) {
        var line = json ? ((try? encoder.encode(hit)) ?? Data()) : Data(TerminalSafeText.escaping(hit.line).utf8)
        line.append(0x0A)
        lock.withLock { pending.append(line) }
    }

    /// Writes what is pending.
    func flush() {
        let data = lock.withLock { () -> Data in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        if !data.isEmpty { stream.write(data) }
    }

    /// Stops the timer and writes the rest.
    func finish() {
        timer.cancel()
        flush()
    }
}
