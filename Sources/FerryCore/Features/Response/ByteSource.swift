import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Random access to a body's bytes without loading it: `pread` on a file, slices of memory
/// otherwise. It counts the bytes it has read, so callers can check that paging stays lazy.
public final class ByteSource: @unchecked Sendable {
    private enum Backing {
        case memory(Data)
        /// An open descriptor; `body` keeps a spooled file alive while it is read.
        case file(descriptor: Int32, path: String, body: ResponseBody?)
    }

    private let backing: Backing
    private let lock = NSLock()
    private var readTotal: Int64 = 0
    /// The number of bytes available.
    public let count: Int64

    public init(data: Data) {
        backing = .memory(data)
        count = Int64(data.count)
    }

    /// Opens the file at `path` for reading; its size is fixed at opening.
    public convenience init(path: String) throws {
        try self.init(path: path, body: nil)
    }

    /// The bytes of a response body, reading a spooled or saved body from its file.
    public convenience init(body: ResponseBody) throws {
        switch body.storage {
        case .memory(let data): self.init(data: data)
        case .delivered: self.init(data: Data())
        case .spooled(let file): try self.init(path: file.path, body: body)
        case .saved(let path): try self.init(path: path, body: body)
        }
    }

    private init(path: String, body: ResponseBody?) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FerryError.localFile(reason: .notARegularFile(path: path))
        }
        backing = .file(descriptor: descriptor, path: path, body: body)
        count = Int64(info.st_size)
    }

    deinit {
        if case .file(let descriptor, _, _) = backing { close(descriptor) }
    }

    /// Bytes read so far by `read(at:count:)`.
    public var bytesRead: Int64 { lock.withLock { readTotal } }

    /// Up to `length` bytes starting at `offset`; fewer at the end, none past it.
    public func read(at offset: Int64, count length: Int) throws -> Data {
        let start = min(max(0, offset), count)
        let wanted = Int(min(Int64(max(0, length)), count - start))
        let result: Data
        switch backing {
        case .memory(let data):
            let from = data.startIndex + Int(start)
            result = data.subdata(in: from..<from + wanted)
        case .file(let descriptor, let path, _):
            result = try Self.pread(descriptor, path: path, at: start, count: wanted)
        }
        lock.withLock { readTotal += Int64(result.count) }
        return result
    }

    private static func pread(_ descriptor: Int32, path: String, at offset: Int64, count: Int) throws -> Data {
        var buffer = Data(count: count)
        var filled = 0
        try buffer.withUnsafeMutableBytes { raw in
            while filled < count {
                let got = Glibc.pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else {
                    throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
                }
                if got == 0 { break }
                filled += got
            }
        }
        return buffer.prefix(filled)
    }
}
