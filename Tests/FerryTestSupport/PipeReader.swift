import Foundation

/// Reads a child's output pipe on a thread of its own while the test watches it grow, so a test can
/// wait for something to appear before the child ends (streams) and see everything afterwards.
public final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private let keptBytes: Int
    private var data = Data()
    private var total = 0
    private var ended = false

    /// Starts reading; only the last `keptBytes` bytes are kept (all of them by default), so a test
    /// can drain a child that prints hundreds of megabytes.
    public init(_ pipe: Pipe, keptBytes: Int = .max) {
        self.keptBytes = keptBytes
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                lock.withLock {
                    if chunk.isEmpty { ended = true }
                    total += chunk.count
                    data.append(chunk)
                    if data.count > keptBytes { data = data.suffix(keptBytes) }
                }
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Bytes read so far, kept or not.
    public var byteCount: Int { lock.withLock { total } }

    /// What was read and kept so far.
    public var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// True once the pipe closed (the child and its children ended).
    public var isAtEnd: Bool { lock.withLock { ended } }

    /// Waits until `condition` holds for what was read, or the pipe ends, or the deadline passes;
    /// returns whether it held (the caller shows `text` when it did not).
    public func wait(seconds: TimeInterval = 30, until condition: (String) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(text) { return true }
            if isAtEnd { return condition(text) }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(text)
    }

    /// Waits until the pipe closes or the deadline passes; returns whether it closed.
    public func waitForEnd(seconds: TimeInterval = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !isAtEnd, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return isAtEnd
    }
}
