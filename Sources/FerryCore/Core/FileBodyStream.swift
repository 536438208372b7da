import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `BodyStream` that reads a regular file in place, never loading it whole.
///
/// It fails when the file yields a different number of bytes than it had when opened, so a file
/// that grows or shrinks during an upload never produces a silently corrupt body.
public final class FileBodyStream: BodyStream {
    public let path: String
    public let expectedLength: Int64
    private let descriptor: Int32
    private var delivered: Int64 = 0

    /// Opens `path` for reading; throws `FerryError.localFile` when it is missing, unreadable or not a regular file.
    ///
    /// `announced` is the length already promised to the server (its `Content-Length`, measured
    /// when the request was built): a file whose size differs when it is opened is an error too.
    public init(path: String, announced: Int64? = nil) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError.current))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = POSIXError.current
            close(descriptor)
            throw FerryError.localFile(reason: .unreadable(path: path, error: error))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw FerryError.localFile(reason: .notARegularFile(path: path))
        }
        if let announced, announced != Int64(info.st_size) {
            close(descriptor)
            throw FerryError.localFile(reason: .changedWhileReading(path: path, expected: announced, actual: Int64(info.st_size)))
        }
        self.path = path
        self.descriptor = descriptor
        self.expectedLength = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// The size of the regular file at `path`, checked the same way `init` does.
    public static func length(of path: String) throws -> Int64 {
        try FileBodyStream(path: path).expectedLength
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        if count < 0 {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError.current))
        }
        delivered += Int64(count)
        if delivered > expectedLength || (count == 0 && delivered != expectedLength) {
            throw FerryError.localFile(reason: .changedWhileReading(path: path, expected: expectedLength, actual: delivered))
        }
        return count
    }
}

extension POSIXError {
    /// The error `errno` holds now.
    public static var current: POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
