import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension MultipartFormData {
    /// The size of the file at `path` after checking it can be sent: it exists, is a regular file
    /// (not a directory, device, FIFO or socket) and can be opened for reading. Each failure is a
    /// distinct `MultipartEncodingReason`.
    static func checkedLength(ofFile path: String) throws -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = POSIXError.current
            throw FerryError.multipartEncodingFailed(
                reason: error.code == .ENOENT || error.code == .ENOTDIR
                    ? .fileNotFound(path: path, error: error) : .fileNotReadable(path: path, error: error))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw FerryError.multipartEncodingFailed(reason: .fileIsDirectory(path: path, error: POSIXError(.EISDIR)))
        default:
            throw FerryError.multipartEncodingFailed(reason: .fileNotRegular(path: path, kind: fileKind(info.st_mode)))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FerryError.multipartEncodingFailed(reason: .fileNotReadable(path: path, error: POSIXError.current))
        }
        close(descriptor)
        return Int64(info.st_size)
    }

    private static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFIFO: "FIFO"
        case S_IFSOCK: "socket"
        default: "special file"
        }
    }
}
