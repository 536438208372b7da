import FerryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Receives response-body bytes on the transfer thread and stores them as the destination asks:
/// in memory up to a threshold then in a temporary file, or in a partial file beside the user's
/// target that is renamed into place only when the exchange succeeded — or, when the target is a
/// device, FIFO or socket, straight into it (see `OutputTarget`).
final class ResponseBodySink {
    private let destination: ResponseDestination
    /// How a `.file` destination is written.
    private let target: OutputTarget?
    private var memory = Data()
    private var descriptor: Int32 = -1
    /// A file this sink created and removes if the exchange fails (never the user's device).
    private var filePath: String?
    private(set) var count: Int64 = 0
    /// The first write failure, reported in place of the transport's generic write error.
    private(set) var failure: FerryError?

    /// Prepares the sink; for `.file` it creates the partial file (or opens the device) now, so an
    /// unwritable target fails before anything is sent. Opening a FIFO waits for its reader, as curl does.
    init(destination: ResponseDestination) throws {
        self.destination = destination
        guard case .file(let path) = destination else {
            target = nil
            return
        }
        let target = try OutputTarget(path: path)
        self.target = target
        switch target {
        case .replace(let resolved):
            try openFile(at: Self.partialPath(for: resolved), reportingAs: path)
            var existing = stat()
            if stat(resolved, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }  // the replaced file's mode
        case .inPlace(let resolved):
            let fd = open(resolved, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FerryError.localFile(reason: .unwritable(path: path, error: POSIXError.current)) }
            descriptor = fd
        }
    }

    deinit { discard() }

    /// Appends bytes; returns false (and records why) when they could not be stored.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        count += Int64(bytes.count)
        if descriptor < 0, case .automatic(let threshold) = destination, memory.count + bytes.count > threshold {
            do {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-body-\(UUID().uuidString)").path
                try openFile(at: path, reportingAs: path)
                guard memory.withUnsafeBytes({ writeAll($0) }) else { return false }
                memory = Data()
            } catch let error as FerryError {
                failure = error
                return false
            } catch {
                return false
            }
        }
        if descriptor >= 0 { return writeAll(bytes) }
        memory.append(contentsOf: bytes)
        return true
    }

    /// Drops what was received so far (the body of a redirect that was followed).
    func reset() {
        count = 0
        memory = Data()
        if descriptor >= 0, filePath != nil {
            _ = ftruncate(descriptor, 0)
            _ = lseek(descriptor, 0, SEEK_SET)
        }
    }

    /// Abandons a failed exchange: closes and removes whatever file was started.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let filePath { unlink(filePath) }
        filePath = nil
        memory = Data()
    }

    /// Completes a successful exchange: the stored body, with a `-o` target renamed into place.
    func finish() throws -> ResponseBody {
        if let failure { throw failure }
        if case .inPlace? = target, case .file(let path) = destination {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            return ResponseBody(storage: .delivered(path: path), count: count)
        }
        guard descriptor >= 0, let filePath else {
            return ResponseBody(storage: .memory(memory), count: count)
        }
        // No fsync: the rename makes the file appear whole or not at all for any process crash or
        // kill; surviving power loss is not worth doubling the time of large downloads.
        close(descriptor)
        descriptor = -1
        switch (destination, target) {
        case (.file(let path), .replace(let resolved)?):
            if rename(filePath, resolved) != 0 {
                throw FerryError.localFile(reason: .unwritable(path: path, error: POSIXError.current))
            }
            self.filePath = nil
            return ResponseBody(storage: .saved(path: path), count: count)
        default:
            self.filePath = nil  // the SpoolFile owns it now
            return ResponseBody(storage: .spooled(SpoolFile(path: filePath)), count: count)
        }
    }

    private func openFile(at path: String, reportingAs reported: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FerryError.localFile(reason: .unwritable(path: reported, error: POSIXError.current)) }
        descriptor = fd
        filePath = path
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = .localFile(reason: .unwritable(path: reportedPath, error: POSIXError.current))
                return false
            }
            offset += written
        }
        return true
    }

    private var reportedPath: String {
        if case .file(let target) = destination { return target }
        return filePath ?? "(temporary file)"
    }

    static func partialPath(for target: String) -> String {
        "\(target).ferry-partial"
    }
}
