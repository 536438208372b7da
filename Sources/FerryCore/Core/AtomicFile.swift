import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file all at once: the bytes go to a locked temporary file beside the target, are
/// flushed to disk (fsync, when `durable`), and the temporary file is renamed over the target, whose
/// folder is then flushed too. A crash or kill at any moment leaves either the old file or the new one, never a mix;
/// a temporary file abandoned by a killed writer is removed by `removeIfAbandoned(_:)`.
public enum AtomicFile {
    /// The prefix of temporary files (hidden, so collection listings skip them).
    public static let temporaryPrefix = ".ferry-tmp-"

    /// Writes `path` with what `produce` writes to the descriptor it is given; returns its result.
    /// On any failure the target is left as it was and the temporary file is removed. Without
    /// `durable` the rename still protects against a crash or kill of the process, but not against
    /// power loss (the choice for large files, where fsync costs seconds).
    public static func write<Result>(
        to path: String, permissions: mode_t = 0o644, durable: Bool = true,
        _ produce: (Int32) throws -> Result
    ) throws -> Result {
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        var template = Array((folder as NSString).appendingPathComponent(temporaryPrefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw unwritable(path, POSIXError.current) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
        }
        guard flock(descriptor, LOCK_EX) == 0 else { throw unwritable(path, POSIXError.current) }
        let result = try produce(descriptor)
        guard fchmod(descriptor, permissions) == 0, !durable || fsync(descriptor) == 0, rename(temporary, path) == 0 else {
            throw unwritable(path, POSIXError.current)
        }
        renamed = true
        if durable { syncDirectory(folder) }
        return result
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { descriptor in try writeAll(data, to: descriptor, path: path) }
    }

    /// Writes `data` to `path` atomically, readable by its owner only (mode 0600), creating missing
    /// folders readable by their owner only (0700): for files that hold secrets, cookies or history
    /// (or what the user would rather keep to themselves); `durable` as in `write(to:permissions:durable:_:)`.
    public static func writePrivate(_ data: Data, to path: String, durable: Bool = true) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw FerryError.localFile(reason: .unwritable(path: folder, error: error))
            }
        }
        try write(to: path, permissions: 0o600, durable: durable) { descriptor in try writeAll(data, to: descriptor, path: path) }
    }

    /// Writes every byte of `data` to `descriptor`.
    public static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            try writeAll(buffer, to: descriptor, path: path)
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying short writes.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var start = 0
        while start < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + start, buffer.count - start)
            guard result >= 0 else {
                if errno == EINTR { continue }
                throw unwritable(path, POSIXError.current)
            }
            start += result
        }
    }

    /// Removes a temporary file at `path` if no live writer holds it (its writer was killed);
    /// returns whether it was removed.
    @discardableResult
    public static func removeIfAbandoned(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0 && unlink(path) == 0
    }

    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func unwritable(_ path: String, _ error: POSIXError) -> FerryError {
        .localFile(reason: .unwritable(path: path, error: error))
    }
}
