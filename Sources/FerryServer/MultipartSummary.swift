import FerryDigest
import MultipartKit
import NIOCore

/// Reads a `multipart/form-data` body as it arrives, with vapor/multipart-kit (independent of
/// Ferry's own encoder), and keeps for each part its headers, name, file name, type, size and
/// SHA-256 — never the part's bytes, so gigabyte uploads cost no memory.
final class MultipartSummary {
    struct Part {
        var headers: [(name: String, value: String)] = []
        var size = 0
        var sha256 = ""

        var contentDisposition: [String: String] {
            headers.first { $0.name.lowercased() == "content-disposition" }.map { Self.parameters(of: $0.value) } ?? [:]
        }

        var contentType: String? { headers.first { $0.name.lowercased() == "content-type" }?.value }

        /// `form-data; name="a"; filename="b.txt"` → ["name": "a", "filename": "b.txt"] (quotes removed, escapes kept).
        static func parameters(of value: String) -> [String: String] {
            var result: [String: String] = [:]
            var rest = Substring(value)
            while let semicolon = rest.firstIndex(of: ";") {
                rest = rest[rest.index(after: semicolon)...].drop { $0 == " " }
                guard let equals = rest.firstIndex(of: "=") else { break }
                let name = rest[..<equals].lowercased()
                var remainder = rest[rest.index(after: equals)...]
                let parsed: Substring
                if remainder.first == "\"", let close = remainder.dropFirst().firstIndex(of: "\"") {
                    parsed = remainder[remainder.index(after: remainder.startIndex)..<close]
                    remainder = remainder[remainder.index(after: close)...]
                } else {
                    let end = remainder.firstIndex(of: ";") ?? remainder.endIndex
                    parsed = remainder[..<end]
                    remainder = remainder[end...]
                }
                result[name] = String(parsed)
                rest = remainder
            }
            return result
        }
    }

    private let parser: MultipartParser
    private(set) var parts: [Part] = []
    private var current = Part()
    private var hasher = MessageDigest(.sha256)
    private var completed = false
    /// Why the body is not valid multipart, if it is not.
    private(set) var failure: String?

    /// A summary for a request whose Content-Type is multipart with a boundary, else nil.
    init?(contentType: String?) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/"),
            let boundary = Part.parameters(of: contentType)["boundary"], !boundary.isEmpty
        else { return nil }
        parser = MultipartParser(boundary: boundary)
        parser.onHeader = { [unowned self] name, value in current.headers.append((name, value)) }
        parser.onBody = { [unowned self] buffer in
            current.size += buffer.readableBytes
            buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        }
        parser.onPartComplete = { [unowned self] in
            current.sha256 = hasher.finalize().hexString
            parts.append(current)
            current = Part()
            hasher = MessageDigest(.sha256)
        }
    }

    func feed(_ buffer: ByteBuffer) {
        guard failure == nil else { return }
        do {
            try parser.execute(buffer)
        } catch {
            failure = "\(error)"
        }
    }

    /// The summary as JSON-ready values for /anything.
    func report() -> [String: Any] {
        var result: [String: Any] = [
            "parts": parts.map { part -> [String: Any] in
                let disposition = part.contentDisposition
                var entry: [String: Any] = [
                    "headers": part.headers.map { ["name": $0.name, "value": $0.value] },
                    "size": part.size,
                    "sha256": part.sha256,
                ]
                entry["name"] = disposition["name"]
                entry["filename"] = disposition["filename"]
                entry["contentType"] = part.contentType
                return entry
            }
        ]
        if let failure { result["error"] = failure }
        return result
    }
}
