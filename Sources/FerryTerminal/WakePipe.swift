import Foundation

/// A pipe that lets any thread cut a terminal's wait for input short: `wake()` writes a byte, the
/// waiting thread polls the read end beside the keyboard and `drain()`s it. Both ends stay open
/// until the last owner lets go, so a late `wake()` never writes into a reused descriptor.
public final class WakePipe: Sendable {
    /// The end to poll for readability.
    public let readEnd: Int32
    private let writeEnd: Int32

    /// A non-blocking pipe, closed on exec; nil when the process has no descriptors left.
    public init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the read end readable (safe from any thread; a full pipe is already awake).
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the read end, so the next poll waits again.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
