import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A whole file's bytes read for parsing, held to a size: one `open`, `fstat`, `read` and `close`
/// for a file that does not grow while it is read (no `stat` by path, no Foundation file handle).
/// A file that is missing, unreadable or over the size is a `ConfigProblem` naming it and the
/// system's reason.
package enum FileBytes {
    /// The bytes of the file at `path`, a leading UTF-8 byte-order mark left out; `kind` names what
    /// the file is in the problem for one over `limit` bytes, `advice` says what to do instead.
    package static func contents(of path: String, limit: Int, kind: String, advice: String = "") throws(ConfigProblem) -> ArraySlice<UInt8>
    {
        let unreadable = { (code: Int32) in
            ConfigProblem(file: path, line: nil, key: nil, message: "cannot be read (\(String(cString: strerror(code))))")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(errno) }
        if info.st_size > limit {
            throw ConfigProblem(
                file: path, line: nil, key: nil,
                message: "is \(info.st_size / (1 << 20)) MiB, over the \(limit >> 20) MiB Ferry reads of \(kind)" + advice)
        }
        // A byte more than its size: on a regular file, a short read is its end (no second `read`).
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(errno) }
            filled += count
            if count == 0 || (filled < bytes.count && info.st_mode & S_IFMT == S_IFREG) { break }
            guard filled <= limit else { throw unreadable(EFBIG) }
            if filled == bytes.count { bytes += repeatElement(0, count: bytes.count) }  // it grew while read
        }
        bytes.removeLast(bytes.count - filled)
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    }
}
