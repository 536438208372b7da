import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What identifies a file's version on disk (inode, size, modification time to the nanosecond):
/// a different fingerprint on reload means another program changed or replaced the file.
public struct FileFingerprint: Sendable, Hashable {
    public var inode: UInt64
    public var size: Int64
    public var modified: timespec

    /// The fingerprint of the file at `path` now, or nil when it does not exist.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    public static func == (lhs: FileFingerprint, rhs: FileFingerprint) -> Bool {
        lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inode)
        hasher.combine(size)
        hasher.combine(modified.tv_sec)
        hasher.combine(modified.tv_nsec)
    }
}
