import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a path names when it is not a regular file, found with `lstat` and `stat` (which never open
/// it, so a FIFO cannot make the caller wait for a writer).
public enum FileKind {
    /// `a FIFO`, `a folder`, `a link to a character device`…; nil for a regular file, a link to one,
    /// and a path that does not exist (reading it says why).
    public static func irregular(_ path: String) -> String? {
        var link = stat(), target = stat()
        guard lstat(path, &link) == 0, stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG else { return nil }
        let kind = name(of: target.st_mode)
        return link.st_mode & S_IFMT == S_IFLNK ? "a link to \(kind)" : kind
    }

    private static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }
}
