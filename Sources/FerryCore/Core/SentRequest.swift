/// The request head exactly as it went on the wire (the final attempt after redirects).
public struct SentRequest: Sendable, Hashable {
    /// e.g. `GET /get?x=1 HTTP/1.1`, or for HTTP/2 the pseudo request line curl reports.
    public var requestLine: String
    public var headers: HTTPHeaders
    public var bodyBytes: Int64

    public init(requestLine: String, headers: HTTPHeaders, bodyBytes: Int64) {
        self.requestLine = requestLine
        self.headers = headers
        self.bodyBytes = bodyBytes
    }

    /// Parses a raw header block (`request line CRLF (name: value CRLF)* CRLF`).
    public init(rawHead: String, bodyBytes: Int64) {
        // Split on CR and LF bytes: splitting Character by Character was a cost paid on every exchange of a run.
        var lines = rawHead.utf8.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            .map { String(decoding: $0, as: UTF8.self) }
        requestLine = lines.isEmpty ? "" : lines.removeFirst()
        var headers = HTTPHeaders()
        for line in lines {
            if let field = HeaderLine.parse(line) { headers.add(name: field.name, value: field.value) }
        }
        self.headers = headers
        self.bodyBytes = bodyBytes
    }
}
