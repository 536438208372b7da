import FerryCore
import FerryDigest
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Receives response-body bytes on the transfer thread and stores them as the destination asks:
/// in memory up to a threshold then in a temporary file, or in a partial file beside the user's
/// target that is renamed into place only when the exchange succeeded — or, when the target is a
/// device, FIFO or socket, straight into it (see `OutputTarget`).
///
/// A download whose answer was a success keeps its partial file and its `PartialDownload` record
/// when it breaks off (Ctrl-C, a reset connection), so `-C` can continue it; continuing appends
/// only once a `206` for the right byte arrives.
///
/// A fresh body written to a file is hashed (XXH3-128, `BodyFingerprint`) as it is written, for the
/// history, on the transfer thread: a second pass over a large download would cost half the download
/// again, and XXH3 keeps up with the transfer where SHA-256 (handed to a queue of its own) could not.
/// A body kept in memory is not: the history hashes it on its own thread (a run's responses are small
/// and many, and the curl thread's every microsecond is the run's), and starts the hash here only
/// if the body outgrows memory.
final class ResponseBodySink {
    private let destination: ResponseDestination
    /// How a `.file` or `.continuing` destination is written.
    private let target: OutputTarget?
    private var memory = Data()
    private var descriptor: Int32 = -1
    /// The file this sink writes and may remove (never the user's device).
    private var filePath: String?
    /// The sink made `filePath` (a fresh partial, or a copy of the file being continued): a failure
    /// before any success removes it.
    private var madeFile = true
    /// The current answer is a success whose bytes go to the partial file: kept when the exchange breaks off.
    private var keepsPartial = false
    /// Continuing: where the kept bytes end. Nil for a fresh download.
    private let resumeOffset: Int64?
    /// Continuing: the current answer's body goes to memory, not the file (anything but a 206 or 200).
    private var diverted = false
    /// Continuing: the server said the kept bytes are the whole file (a 416 for `bytes */offset`).
    private var alreadyComplete = false
    private(set) var count: Int64 = 0
    /// The running hash of the body, for every destination but a continued file (whose body
    /// includes bytes kept from before) and a body in memory; nil when not asked for.
    private var hasher: XXH3Hash128?
    private let hashes: Bool
    /// The first write failure, reported in place of the transport's generic write error.
    private(set) var failure: FerryError?

    /// Prepares the sink; for `.file` it creates the partial file (or opens the device) now, so an
    /// unwritable target fails before anything is sent. Opening a FIFO waits for its reader, as curl does.
    /// For `.continuing` it opens the kept partial file, or copies the first `offset` bytes of the
    /// target into a new one; a device or FIFO cannot be continued. With `hashes`, the body's fingerprint
    /// is computed as it is written.
    init(destination: ResponseDestination, hashes: Bool = true) throws {
        self.destination = destination
        self.hashes = hashes
        let path: String
        switch destination {
        case .automatic:
            target = nil
            resumeOffset = nil
            return
        case .file(let file):
            path = file
            resumeOffset = nil
        case .continuing(let file, let offset):
            path = file
            resumeOffset = offset
            diverted = true
        }
        if hashes { hasher = XXH3Hash128() }
        let target = try OutputTarget(path: path)
        self.target = target
        switch target {
        case .replace(let resolved) where resumeOffset != nil:
            try openKeptPartial(of: resolved, reportingAs: path)
        case .replace(let resolved):
            try openFile(at: PartialDownload.partialPath(for: resolved), reportingAs: path)
            var existing = stat()
            if stat(resolved, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }  // the replaced file's mode
        case .inPlace where resumeOffset != nil:
            throw FerryError.invalidRequest(
                reason: .invalidArgument(
                    name: "-C", problem: "\(path) is a device, FIFO or socket: a download into it cannot be continued (leave out -C)"))
        case .inPlace(let resolved):
            let fd = open(resolved, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FerryError.localFile(reason: .unwritable(path: path, error: POSIXError.current)) }
            descriptor = fd
        }
    }

    /// Opens `target.ferry-partial` as it is, or makes it from the first `resumeOffset` bytes of
    /// `target` (a file another program left partial): the target itself is never written.
    private func openKeptPartial(of target: String, reportingAs reported: String) throws {
        let partial = PartialDownload.partialPath(for: target)
        let fd = open(partial, O_WRONLY | O_CLOEXEC)
        if fd >= 0 {
            descriptor = fd
            filePath = partial
            madeFile = false
            return
        }
        guard errno == ENOENT else { throw FerryError.localFile(reason: .unwritable(path: reported, error: POSIXError.current)) }
        let source = open(target, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw FerryError.localFile(reason: .unreadable(path: reported, error: POSIXError.current)) }
        defer { close(source) }
        try openFile(at: partial, reportingAs: reported)
        var existing = stat()
        if fstat(source, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var left = resumeOffset ?? 0
        while left > 0 {
            let got = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress!, Int(min(Int64($0.count), left))) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                discard()
                throw FerryError.localFile(reason: .unreadable(path: reported, error: got < 0 ? POSIXError.current : POSIXError(.EIO)))
            }
            guard buffer.withUnsafeBytes({ writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }) else {
                discard()
                throw failure ?? FerryError.localFile(reason: .unwritable(path: reported, error: POSIXError(.EIO)))
            }
            left -= Int64(got)
        }
    }

    deinit { discard() }

    /// Appends bytes; returns false (and records why) when they could not be stored.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        count += Int64(bytes.count)
        if diverted {
            hasher?.update(bufferPointer: bytes)
            memory.append(contentsOf: bytes)
            return true
        }
        if descriptor < 0, case .automatic(let threshold) = destination, memory.count + bytes.count > threshold {
            do {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-body-\(UUID().uuidString)").path
                try openFile(at: path, reportingAs: path)
                if hashes {
                    hasher = XXH3Hash128()
                    hasher?.update(data: memory)
                }
                guard memory.withUnsafeBytes({ writeAll($0) }) else { return false }
                memory = Data()
            } catch let error as FerryError {
                failure = error
                return false
            } catch {
                return false
            }
        }
        hasher?.update(bufferPointer: bytes)
        if descriptor >= 0 { return writeAll(bytes) }
        memory.append(contentsOf: bytes)
        return true
    }

    /// Drops what was received so far (the body of a redirect that was followed).
    func reset() {
        count = 0
        if hasher != nil { hasher = XXH3Hash128() }
        memory = Data()
        keepsPartial = false
        if resumeOffset != nil {
            diverted = true
        } else if descriptor >= 0, filePath != nil {
            _ = ftruncate(descriptor, 0)
            _ = lseek(descriptor, 0, SEEK_SET)
        }
    }

    /// A response head has ended; for a download into a file it decides what its body is. A fresh
    /// download keeps a `200`'s partial file if it breaks off; continuing, a `206` from the kept
    /// offset appends, a `200` starts the file over, and anything else leaves the file alone.
    func headArrived(status: Int, headers: HTTPHeaders) {
        guard case .replace(let resolved)? = target, descriptor >= 0, failure == nil else { return }
        if let offset = resumeOffset {
            switch status {
            case 206:
                guard let range = ContentRange(headers["Content-Range"]), range.first == offset else {
                    failure = .transportFailed(
                        reason: .init(
                            kind: .other, code: 0, codeText: "unexpected Content-Range",
                            detail:
                                "the server answered 206 with Content-Range \(headers["Content-Range"] ?? "(none)"), not from byte \(offset); the kept file is unchanged"
                        ))
                    return
                }
                _ = ftruncate(descriptor, off_t(offset))
                _ = lseek(descriptor, 0, SEEK_END)
                diverted = false
            case 200:
                _ = ftruncate(descriptor, 0)
                _ = lseek(descriptor, 0, SEEK_SET)
                diverted = false
            default:
                diverted = true
                alreadyComplete = status == 416 && ContentRange(headers["Content-Range"])?.total == offset
                return
            }
        } else if status != 200 {
            keepsPartial = false
            return
        }
        keepsPartial = true
        try? PartialDownload(status: status, headers: headers).write(for: resolved)
    }

    /// The body is not worth continuing (a compression bomb): a failure removes its partial file.
    func dropPartial() { keepsPartial = false }

    /// Abandons a failed exchange: closes the file, and removes it (with its record) unless it holds
    /// the start of a successful download, or is a partial file kept from before.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let filePath, madeFile, !keepsPartial {
            unlink(filePath)
            if case .replace(let resolved)? = target { unlink(PartialDownload.recordPath(for: resolved)) }
        }
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
        if diverted { return finishDiverted() }
        guard descriptor >= 0, let filePath else {
            return ResponseBody(storage: .memory(memory), count: count, fingerprint: fingerprint)
        }
        // No fsync: the rename makes the file appear whole or not at all for any process crash or
        // kill; surviving power loss is not worth doubling the time of large downloads.
        close(descriptor)
        descriptor = -1
        switch (destination, target) {
        case (.file(let path), .replace(let resolved)?), (.continuing(let path, _), .replace(let resolved)?):
            if rename(filePath, resolved) != 0 {
                throw FerryError.localFile(reason: .unwritable(path: path, error: POSIXError.current))
            }
            self.filePath = nil
            unlink(PartialDownload.recordPath(for: resolved))
            return ResponseBody(storage: .saved(path: path), count: count, fingerprint: resumeOffset == nil ? fingerprint : nil)
        default:
            self.filePath = nil  // the SpoolFile owns it now
            return ResponseBody(storage: .spooled(SpoolFile(path: filePath)), count: count, fingerprint: fingerprint)
        }
    }

    /// Ends a continuation whose answer was not for the file: the body is what came in memory, and
    /// the file stays as it was — unless the server said it is already whole, when a kept partial
    /// file is renamed into place.
    private func finishDiverted() -> ResponseBody {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let filePath, case .replace(let resolved)? = target {
            if alreadyComplete, !madeFile, rename(filePath, resolved) == 0 {
                unlink(PartialDownload.recordPath(for: resolved))
            } else if madeFile {
                unlink(filePath)
            }
        }
        filePath = nil
        return ResponseBody(storage: .memory(memory), count: count, fingerprint: fingerprint)
    }

    /// The fingerprint of what was written since the last reset, when it is being computed.
    private var fingerprint: BodyFingerprint? { hasher.map { BodyFingerprint(algorithm: .xxh3_128, hex: $0.finalize().hexString) } }

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
        switch destination {
        case .file(let target), .continuing(let target, _): return target
        case .automatic: return filePath ?? "(temporary file)"
        }
    }
}
