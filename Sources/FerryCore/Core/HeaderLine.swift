/// Parsing of the lines of an HTTP/1 message head (and of curl's rendering of HTTP/2 heads).
public enum HeaderLine {
    /// A status line such as `HTTP/1.1 404 Not Found` or `HTTP/2 200`.
    public struct Status: Sendable, Hashable {
        public var version: String
        public var code: Int
        public var reason: String
    }

    /// Parses a status line, or nil when `line` is not one. (Both parsers look at UTF-8 bytes:
    /// going Character by Character was a cost paid on every header line of every exchange.)
    public static func parseStatus(_ line: String) -> Status? {
        guard line.utf8.starts(with: "HTTP/".utf8) else { return nil }
        let trimmed = line.trimmingTrailingNewline()
        let bytes = trimmed.utf8
        guard let versionEnd = bytes.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let codeStart = bytes.index(after: versionEnd)
        let codeEnd = bytes[codeStart...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
        guard bytes.distance(from: codeStart, to: codeEnd) == 3, let code = Int(trimmed[codeStart..<codeEnd]) else { return nil }
        let reason = codeEnd == bytes.endIndex ? "" : String(trimmed[bytes.index(after: codeEnd)...])
        return Status(version: String(trimmed[..<versionEnd]), code: code, reason: reason)
    }

    /// Parses `Name: value` (optional white space around the value is dropped), or nil.
    public static func parse(_ line: String) -> HTTPHeader? {
        let trimmed = line.trimmingTrailingNewline()
        let bytes = trimmed.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = bytes.index(after: colon)
        while start < bytes.endIndex, isBlank(bytes[start]) { bytes.formIndex(after: &start) }
        var end = bytes.endIndex
        while end > start, isBlank(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return HTTPHeader(name: String(trimmed[..<colon]), value: String(trimmed[start..<end]))
    }
}

extension String {
    func trimmingTrailingNewline() -> Substring {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, case let before = utf8.index(before: end),
            utf8[before] == UInt8(ascii: "\n") || utf8[before] == UInt8(ascii: "\r")
        {
            end = before
        }
        return Substring(unicodeScalars[..<end])
    }
}
