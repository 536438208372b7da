import Foundation

/// Timestamps for measuring first paint, key-to-paint and response-to-tree, written when
/// `FERRY_TRACE_FILE` names a file.
///
/// Lines are `first-paint <unix seconds>`, `ready-to-first-paint <ms>` (from the first state being
/// asked for — for `ferry view`, once the body is parsed — to the first frame), `key-to-paint <ms>`,
/// `send-to-tree <ms>` (from sending a request to the frame showing its response) and
/// `response-to-paint <ms>` (from taking the prepared response off the inbox to that frame);
/// Benchmarks/tui-paint and Benchmarks/tui-tree read them.
final class FrameTrace {
    private let handle: FileHandle?
    private var painted = false
    private let ready: ContinuousClock.Instant
    private var pendingKey: ContinuousClock.Instant?
    private var pendingSend: ContinuousClock.Instant?
    private var pendingResponse: ContinuousClock.Instant?

    init(path: String?, ready: ContinuousClock.Instant = .now) {
        self.ready = ready
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

    /// A request went out; the paint after its response arrives closes the measurement.
    func requestSent() {
        if handle != nil { pendingSend = .now }
    }

    /// A response was taken off the inbox; the next paint shows it.
    func responseReceived() {
        if handle != nil { pendingResponse = .now }
    }

    /// A frame reached the terminal.
    func painted(at now: ContinuousClock.Instant = .now) {
        guard let handle else { return }
        if !painted {
            painted = true
            write("first-paint \(String(format: "%.6f", Date().timeIntervalSince1970))", to: handle)
            write("ready-to-first-paint \(Self.milliseconds(now - ready))", to: handle)
        }
        if let key = pendingKey {
            write("key-to-paint \(Self.milliseconds(now - key))", to: handle)
            pendingKey = nil
        }
        if let response = pendingResponse {
            write("response-to-paint \(Self.milliseconds(now - response))", to: handle)
            if let send = pendingSend { write("send-to-tree \(Self.milliseconds(now - send))", to: handle) }
            pendingResponse = nil
            pendingSend = nil
        }
    }

    private static func milliseconds(_ elapsed: Duration) -> String {
        String(format: "%.3f", Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    private func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
