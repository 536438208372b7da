import Foundation

/// A `multipart/form-data` body under construction, with AFNetworking's part kinds. Files are
/// checked when added and read only while sending; `encoded()` gives a streaming body with its
/// exact length and Content-Type.
public struct MultipartFormData: Sendable {
    /// One part: its header fields and where its bytes come from.
    public struct Part: Sendable {
        public var headers: HTTPHeaders
        public var body: Body
    }

    public enum Body: Sendable {
        case data(Data)
        /// A regular file, read as it is sent; `length` is its size when it was added.
        case file(path: String, length: Int64)
        /// A stream that yields exactly `length` bytes.
        case stream(length: Int64, open: @Sendable () throws -> any BodyStream)

        var length: Int64 {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(_, let length), .stream(let length, _): length
            }
        }
    }

    public private(set) var parts: [Part] = []
    /// The boundary to use; nil picks a random one that occurs in no in-memory part.
    public var boundary: String?

    public init(boundary: String? = nil) { self.boundary = boundary }

    /// A form field: `Content-Disposition: form-data; name="…"` (with a file name and a
    /// `Content-Type` when given, as `curl -F 'name=value;type=…'` sends them) and the value's bytes.
    public mutating func append(_ value: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        append(headers: Self.disposition(name: name, fileName: fileName, mimeType: mimeType), body: .data(value))
    }

    /// In-memory file contents with a file name and MIME type.
    public mutating func append(_ data: Data, name: String, fileName: String, mimeType: String) {
        append(headers: Self.disposition(name: name, fileName: fileName, mimeType: mimeType), body: .data(data))
    }

    /// A file on disk; the file name defaults to the path's last component and the MIME type to
    /// the one its extension names (`/etc/mime.types`). Throws when the file is not a readable regular file.
    public mutating func appendFile(path: String, name: String, fileName: String? = nil, mimeType: String? = nil) throws {
        let length = try Self.checkedLength(ofFile: path)
        let fileName = fileName ?? (path as NSString).lastPathComponent
        let mimeType = mimeType ?? MIMETypes.type(forPath: fileName)
        append(headers: Self.disposition(name: name, fileName: fileName, mimeType: mimeType), body: .file(path: path, length: length))
    }

    /// A stream of known length (AFNetworking's `appendPartWithInputStream:…length:…`).
    public mutating func append(
        streamOfLength length: Int64, name: String, fileName: String, mimeType: String,
        open: @escaping @Sendable () throws -> any BodyStream
    ) {
        append(headers: Self.disposition(name: name, fileName: fileName, mimeType: mimeType), body: .stream(length: length, open: open))
    }

    /// A part with the caller's own headers.
    public mutating func append(headers: HTTPHeaders, body: Body) {
        parts.append(Part(headers: headers, body: body))
    }

    /// Each name/value of `parameters` as a form field, named as the query encoder names them (null → empty),
    /// as AFNetworking's multipart request does with its parameters.
    public mutating func appendFields(_ parameters: Parameters, naming encoder: QueryStringEncoder) {
        for pair in encoder.pairs(key: nil, value: parameters) {
            append(Data((pair.values?.joined(separator: ",") ?? "").utf8), name: pair.field)
        }
    }

    /// The body as a stream with its exact length, and the request's Content-Type.
    public func encoded() -> (contentType: String, source: BodyStreamSource) {
        let boundary = boundary ?? chooseBoundary()
        let segments = Self.segments(parts: parts, boundary: boundary)
        let length = segments.reduce(Int64(0)) { $0 + $1.length }
        return ("multipart/form-data; boundary=\(boundary)", BodyStreamSource(length: length) { MultipartBodyStream(segments: segments) })
    }

    /// AFNetworking's layout: `--B` before each part (after CRLF from the second on), the part's
    /// headers and a blank line, its bytes, then `\r\n--B--\r\n`.
    static func segments(parts: [Part], boundary: String) -> [Body] {
        var segments: [Body] = []
        for (index, part) in parts.enumerated() {
            var head = index == 0 ? "--\(boundary)\r\n" : "\r\n--\(boundary)\r\n"
            for field in part.headers { head += "\(field.name): \(field.value)\r\n" }
            head += "\r\n"
            segments.append(.data(Data(head.utf8)))
            segments.append(part.body)
        }
        segments.append(.data(Data((parts.isEmpty ? "--\(boundary)--\r\n" : "\r\n--\(boundary)--\r\n").utf8)))
        return segments
    }

    private func chooseBoundary() -> String {
        while true {
            let candidate = String(format: "ferry-%016llx%016llx", UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))
            let marker = Data("--\(candidate)".utf8)
            let clash = parts.contains { part in
                if case .data(let data) = part.body, data.range(of: marker) != nil { return true }
                return part.headers.contains { $0.value.contains(candidate) }
            }
            if !clash { return candidate }
        }
    }

    /// `form-data; name="…"[; filename="…"]` (and Content-Type for files), with `"`, CR and LF
    /// escaped as browsers do (`%22`, `%0D`, `%0A`); other characters, UTF-8 included, are sent as they are.
    static func disposition(name: String, fileName: String?, mimeType: String?) -> HTTPHeaders {
        var value = "form-data; name=\"\(escaped(name))\""
        if let fileName { value += "; filename=\"\(escaped(fileName))\"" }
        var headers: HTTPHeaders = ["Content-Disposition": value]
        if let mimeType { headers.add(name: "Content-Type", value: mimeType) }
        return headers
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
