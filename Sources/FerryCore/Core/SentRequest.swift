/// The request head exactly as it went on the wire (the final attempt after redirects).
///
/// A head the transport reports as raw text is kept as text and parsed when it is read: most
/// exchanges of a run are never shown, and the history reads them on its own thread.
public struct SentRequest: Sendable, Hashable {
    /// The head as text (`request line CRLF (name: value CRLF)* CRLF`), or already in parts.
    private enum Head: Sendable {
        case raw(String)
        case parsed(requestLine: String, headers: HTTPHeaders)
    }

    private var head: Head
    public var bodyBytes: Int64

    public init(requestLine: String, headers: HTTPHeaders, bodyBytes: Int64) {
        head = .parsed(requestLine: requestLine, headers: headers)
        self.bodyBytes = bodyBytes
    }

    /// A raw header block (`request line CRLF (name: value CRLF)* CRLF`), parsed when it is read.
    public init(rawHead: String, bodyBytes: Int64) {
        head = .raw(rawHead)
        self.bodyBytes = bodyBytes
    }

    /// e.g. `GET /get?x=1 HTTP/1.1`, or for HTTP/2 the pseudo request line curl reports.
    public var requestLine: String {
        get {
            switch head {
            case .raw(let text):
                let isLineEnd = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
                return String(decoding: text.utf8.drop(while: isLineEnd).prefix { !isLineEnd($0) }, as: UTF8.self)
            case .parsed(let requestLine, _): return requestLine
            }
        }
        set { head = .parsed(requestLine: newValue, headers: headers) }
    }

    public var headers: HTTPHeaders {
        get {
            switch head {
            case .raw(let text): return Self.parse(text).headers
            case .parsed(_, let headers): return headers
            }
        }
        set { head = .parsed(requestLine: requestLine, headers: newValue) }
    }

    /// The request line and the headers, a raw head parsed once for both (reading `requestLine` and
    /// then `headers` reads it twice).
    public var parts: (requestLine: String, headers: HTTPHeaders) {
        switch head {
        case .raw(let text): Self.parse(text)
        case .parsed(let requestLine, let headers): (requestLine, headers)
        }
    }

    /// The request line and fields of a raw head.
    private static func parse(_ rawHead: String) -> (requestLine: String, headers: HTTPHeaders) {
        // Split on CR and LF bytes: splitting Character by Character was a cost paid on every exchange of a run.
        var lines = rawHead.utf8.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            .map { String(decoding: $0, as: UTF8.self) }
        let requestLine = lines.isEmpty ? "" : lines.removeFirst()
        var headers = HTTPHeaders()
        for line in lines {
            if let field = HeaderLine.parse(line) { headers.add(name: field.name, value: field.value) }
        }
        return (requestLine, headers)
    }

    public static func == (lhs: SentRequest, rhs: SentRequest) -> Bool {
        lhs.bodyBytes == rhs.bodyBytes && lhs.requestLine == rhs.requestLine && lhs.headers == rhs.headers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(requestLine)
        hasher.combine(headers)
        hasher.combine(bodyBytes)
    }
}
