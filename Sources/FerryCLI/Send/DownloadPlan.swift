import FerryCore
import FerryTransport
import Foundation

/// Where `ferry send` puts the body, and for `-C` the byte the download continues from and the
/// headers that ask for the rest.
struct DownloadPlan: Sendable {
    var destination: ResponseDestination
    /// The `-o FILE` path, for the messages.
    var output: String?
    /// Continuing: the bytes kept before the new ones.
    var offset: Int64?
    var headers: [HTTPHeader] = []

    /// The plan for `-o` and `-C`. `-C -` continues from the end of `FILE.ferry-partial` (with the
    /// validator recorded beside it), or of `FILE` itself when there is no partial file (as curl,
    /// without `If-Range`); `-C N` from byte N of it. Nothing kept means a plain download.
    init(output: String?, continueAt: String?) throws {
        self.output = output
        guard let continueAt else {
            destination = output.map { $0 == "-" ? .default : .file(path: $0) } ?? .default
            return
        }
        guard let output, output != "-" else {
            throw Self.usage("continues a download into a file: give -o FILE as well")
        }
        guard let file = try OutputTarget.regularFile(for: output) else {
            throw Self.usage("\(output) is a device, FIFO or socket: a download into it cannot be continued (leave out -C)")
        }
        let partial = PartialDownload.partialPath(for: file)
        let keptInPartial = Self.size(of: partial)
        let kept = keptInPartial ?? Self.size(of: file) ?? 0
        let record = keptInPartial != nil ? PartialDownload.record(for: file) : nil
        let offset: Int64
        if continueAt == "-" {
            offset = kept
        } else {
            guard let given = Int64(continueAt), given >= 0 else { throw Self.usage("expected - or a byte offset, not `\(continueAt)`") }
            guard given <= kept else {
                throw Self.usage("cannot continue from byte \(given): \(keptInPartial != nil ? partial : output) holds \(kept) bytes")
            }
            offset = given
        }
        guard offset > 0 else {
            destination = .file(path: output)
            return
        }
        self.offset = offset
        destination = .continuing(path: output, offset: offset)
        headers = (record ?? PartialDownload(validator: nil, length: nil)).resumeHeaders(from: offset)
    }

    /// Adds the `Range` and `If-Range` headers to `request`; a `Range` of the user's own is refused.
    func apply(to request: inout Request) throws {
        guard !headers.isEmpty else { return }
        if request.headers.contains("Range") { throw Self.usage("sets the Range header itself: leave out -H 'Range: …'") }
        for header in headers { request.headers.add(name: header.name, value: header.value) }
    }

    /// What a failed download left to continue, as a line for stderr; nil when nothing was kept.
    func keptPartialNote() -> String? {
        guard let output, output != "-", let file = try? OutputTarget.regularFile(for: output) else { return nil }
        let partial = PartialDownload.partialPath(for: file)
        guard let size = Self.size(of: partial), size > 0 else { return nil }
        return "ferry: the partial download is kept in \(partial) (\(size) bytes); run the same command with -C - to continue it"
    }

    private static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    private static func usage(_ problem: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: "-C", problem: problem))
    }
}
