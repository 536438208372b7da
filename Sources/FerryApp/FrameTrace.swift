import Foundation

/// Timestamps for measuring first paint and key-to-paint, written when `FERRY_TRACE_FILE` names a file.
///
/// Lines are `first-paint <unix seconds>` and `key-to-paint <milliseconds>`; Benchmarks/tui-paint reads them.
final class FrameTrace {
    private let handle: FileHandle?
    private var painted = false
    private var pendingKey: ContinuousClock.Instant?

    init(path: String?) {
        guard let path, FileManager.default.createFile(atPath: path, contents: nil) else {
            handle = nil
            return
        }
        handle = FileHandle(forWritingAtPath: path)
    }

    /// A key arrived; the next paint closes the measurement.
    func keyReceived() {
        if handle != nil, pendingKey == nil { pendingKey = .now }
    }

    /// A frame reached the terminal.
    func painted(at now: ContinuousClock.Instant = .now) {
        guard let handle else { return }
        if !painted {
            painted = true
            write("first-paint \(String(format: "%.6f", Date().timeIntervalSince1970))", to: handle)
        }
        if let key = pendingKey {
            let elapsed = now - key
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            write("key-to-paint \(String(format: "%.3f", ms))", to: handle)
            pendingKey = nil
        }
    }

    private func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
