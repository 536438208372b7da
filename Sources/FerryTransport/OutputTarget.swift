import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a `-o` path is written, decided by what is there now. Only a missing path or a regular file is
/// written beside and renamed into place; a device, FIFO or socket is opened and written as curl does
/// (renaming over it would replace it); a symbolic link is followed, so its target is written and the
/// link is kept.
public enum OutputTarget: Equatable {
    /// Write `path.ferry-partial`, then rename it over `path` (nothing there, or a regular file).
    case replace(path: String)
    /// Open `path` itself and write into it (a character or block device, a FIFO, a socket).
    case inPlace(path: String)

    /// Links followed before giving up, as the kernel's limit for path resolution.
    private static let maximumLinks = 40

    /// The regular file (or the path where one will be) a `-o path` download ends in, links
    /// followed; nil for a device, FIFO or socket. A folder or a link loop is an error.
    public static func regularFile(for path: String) throws -> String? {
        guard case .replace(let resolved) = try OutputTarget(path: path) else { return nil }
        return resolved
    }

    /// Looks at `path` (following symbolic links) and chooses; a folder or a link loop is an error.
    init(path: String) throws {
        var current = path
        for _ in 0..<Self.maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw Self.failure(path, POSIXError.current) }
                self = .replace(path: current)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try Self.linkTarget(of: current, reportingAs: path)
            case S_IFREG:
                self = .replace(path: current)
                return
            case S_IFDIR:
                throw Self.failure(path, POSIXError(.EISDIR))
            default:
                self = .inPlace(path: current)
                return
            }
        }
        throw Self.failure(path, POSIXError(.ELOOP))
    }

    /// The path a link points to, relative links taken from the link's own folder.
    private static func linkTarget(of link: String, reportingAs path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &buffer, buffer.count - 1)
        guard length >= 0 else { throw failure(path, POSIXError.current) }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return ((link as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
    }

    private static func failure(_ path: String, _ error: POSIXError) -> FerryError {
        .localFile(reason: .unwritable(path: path, error: error))
    }
}
