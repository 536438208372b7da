import Foundation

/// What Ferry keeps of a `-o FILE` download that broke off, so `-C` can continue it: the bytes in
/// `FILE.ferry-partial`, and this record in `FILE.ferry-resume` — the validator the server gave
/// (sent back as `If-Range`, so a changed file is sent whole instead of spliced) and the length.
public struct PartialDownload: Sendable, Hashable, Codable {
    /// A strong `ETag`, else `Last-Modified`, as the server wrote it; nil when it gave neither.
    public var validator: String?
    /// The whole body's length, when the server announced it.
    public var length: Int64?

    public init(validator: String?, length: Int64?) {
        self.validator = validator
        self.length = length
    }

    /// The record of a `200` or `206` response head. A weak ETag cannot be used with `If-Range`
    /// (RFC 9110 §13.1.5), so `Last-Modified` is taken instead.
    public init(status: Int, headers: HTTPHeaders) {
        let etag = headers["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 }
        validator = etag ?? headers["Last-Modified"]
        if status == 206 {
            length = ContentRange(headers["Content-Range"])?.total
        } else {
            length = headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Where the bytes of a download into `target` are written until it is complete.
    public static func partialPath(for target: String) -> String { "\(target).ferry-partial" }

    /// Where the record of a download into `target` is kept while it is partial.
    public static func recordPath(for target: String) -> String { "\(target).ferry-resume" }

    /// The record kept beside `target`'s partial file, or nil when there is none or it does not parse.
    public static func record(for target: String) -> PartialDownload? {
        guard let data = FileManager.default.contents(atPath: recordPath(for: target)) else { return nil }
        return try? JSONDecoder().decode(PartialDownload.self, from: data)
    }

    /// Writes the record beside `target` (atomically, readable by its owner only).
    public func write(for target: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(to: Self.recordPath(for: target), permissions: 0o600, durable: false) { descriptor in
            try AtomicFile.writeAll(try encoder.encode(self), to: descriptor, path: Self.recordPath(for: target))
        }
    }

    /// The headers that ask for the rest from byte `offset`: `Range`, and `If-Range` with the validator.
    public func resumeHeaders(from offset: Int64) -> [HTTPHeader] {
        var headers = [HTTPHeader(name: "Range", value: "bytes=\(offset)-")]
        if let validator { headers.append(HTTPHeader(name: "If-Range", value: validator)) }
        return headers
    }
}
