import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output or standard error, written as bytes, knowing whether it is a terminal.
struct OutputStream: Sendable {
    let descriptor: Int32

    static let standardOutput = OutputStream(descriptor: STDOUT_FILENO)
    static let standardError = OutputStream(descriptor: STDERR_FILENO)

    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes the bytes; a failure (a closed pipe) is ignored, as for any terminal output.
    func write(_ data: Data) { try? writeAll(data) }

    /// One write at a time in this process: a write larger than a pipe's buffer goes out in parts,
    /// and another thread's line must not land between them (a WebSocket's sent and received lines).
    private static let writing = NSLock()

    /// Writes every byte, or throws the error that stopped it (for files that must be whole).
    func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { buffer in try writeAll(buffer) }
    }

    /// Writes every byte of `buffer`, or throws the error that stopped it.
    private func writeAll(_ buffer: UnsafeRawBufferPointer) throws {
        Self.writing.lock()
        defer { Self.writing.unlock() }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += written
        }
    }

    /// Writes the text's UTF-8 as it is stored (no `Data` made: `ferry run` writes a line a request).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in try? writeAll(UnsafeRawBufferPointer(bytes)) }
    }

    func line(_ text: String) { write(text + "\n") }
}
