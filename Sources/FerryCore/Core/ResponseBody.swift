import Foundation

/// The bytes of a response: in memory when small, in a file when large or when asked for.
public struct ResponseBody: Sendable {
    public enum Storage: Sendable {
        case memory(Data)
        /// A file on disk; `SpoolFile` removes it when the last copy of the body goes away.
        case spooled(SpoolFile)
        /// A file the user asked for (`-o`): it is theirs and is kept.
        case saved(path: String)
        /// Written to a device, FIFO or socket the user named (`-o /dev/null`): the bytes went there
        /// and cannot be read back, so reading this body gives no bytes.
        case delivered(path: String)
    }

    public let storage: Storage
    public let count: Int64
    /// The hash of the body's bytes, when it was computed as they arrived (so the history need not
    /// read a large body a second time); nil when not known.
    public let fingerprint: BodyFingerprint?

    public init(storage: Storage, count: Int64, fingerprint: BodyFingerprint? = nil) {
        self.storage = storage
        self.count = count
        self.fingerprint = fingerprint
    }

    public static let empty = ResponseBody(storage: .memory(Data()), count: 0)

    /// The path of the file holding the body, when it is not in memory.
    public var filePath: String? {
        switch storage {
        case .memory: return nil
        case .spooled(let file): return file.path
        case .saved(let path): return path
        case .delivered: return nil
        }
    }

    /// Where the user asked the body to go (`-o`), when it went to a file or device of theirs.
    public var outputPath: String? {
        switch storage {
        case .saved(let path), .delivered(let path): return path
        case .memory, .spooled: return nil
        }
    }

    /// The whole body in memory. Reads the file when the body was spooled.
    public func data() throws -> Data { try contents() }

    /// The whole body as bytes; a file-backed body is memory-mapped rather than read, so a large
    /// body costs address space, not resident memory, until it is touched.
    public func mappedData() throws -> Data { try mappedContents().data }

    /// The whole body as bytes, and whether they are a mapping of its file (`FileMapping`), whose
    /// pages a parse may give back as it passes them.
    public func mappedContents() throws -> (data: Data, isMapping: Bool) {
        if case .memory(let data) = storage { return (data, false) }
        guard let path = filePath else { return (Data(), false) }
        do {
            return try FileMapping.contents(atPath: path)
        } catch {
            throw FerryError.localFile(reason: .unreadable(path: path, error: error))
        }
    }

    private func contents() throws -> Data {
        if case .memory(let data) = storage { return data }
        guard let path = filePath else { return Data() }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FerryError.localFile(reason: .unreadable(path: path, error: error))
        }
    }

    /// At most `limit` bytes from the start of the body, without reading the rest.
    public func prefix(_ limit: Int) throws -> Data {
        switch storage {
        case .memory(let data):
            return data.prefix(limit)
        case .delivered:
            return Data()
        case .spooled, .saved:
            let path = filePath!
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                return try handle.read(upToCount: limit) ?? Data()
            } catch {
                throw FerryError.localFile(reason: .unreadable(path: path, error: error))
            }
        }
    }
}

/// A temporary file holding a spooled body; deleted when the last reference goes away.
public final class SpoolFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
