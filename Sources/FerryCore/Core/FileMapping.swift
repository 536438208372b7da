import Foundation

/// A regular file's bytes mapped read-only and private (`mmap`): a large body costs address space,
/// not resident memory, until it is read, and the pages already read can be given back
/// (`releasePages`) — the kernel reads them from the file again if they are touched. The parse of
/// a 200 MiB body so stays far below 200 MiB of resident memory (TESTING.md's hostile matrix).
public enum FileMapping {
    /// The bytes of the file at `path` and whether they are a mapping: a regular file is mapped
    /// (an empty one is empty `Data`), anything else (a FIFO) is read.
    public static func contents(atPath path: String) throws -> (data: Data, isMapping: Bool) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard info.st_mode & S_IFMT == S_IFREG else { return (try Data(contentsOf: URL(fileURLWithPath: path)), false) }
        let size = Int(info.st_size)
        guard size > 0 else { return (Data(), false) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOMEM)
        }
        return (Data(bytesNoCopy: base, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) }), true)
    }

    /// Gives back the whole pages of a mapping from `contents(atPath:)` that lie between `start` and
    /// `start + length`; the bytes stay readable. Only for such a mapping: on other memory
    /// `MADV_DONTNEED` would lose the bytes.
    static func releasePages(_ start: UnsafeRawPointer, length: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: start) + page - 1) & -page
        let end = (Int(bitPattern: start) + length) & -page
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, end - first, MADV_DONTNEED)
    }
}
