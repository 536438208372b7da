/// Parsing of the lines of an HTTP/1 message head (and of curl's rendering of HTTP/2 heads).
public enum HeaderLine {
    /// A status line such as `HTTP/1.1 404 Not Found` or `HTTP/2 200`.
    public struct Status: Sendable, Hashable {
        public var version: String
        public var code: Int
        public var reason: String
    }

    /// Parses a status line, or nil when `line` is not one.
    public static func parseStatus(_ line: String) -> Status? {
        let trimmed = line.trimmingTrailingNewline()
        guard trimmed.hasPrefix("HTTP/") else { return nil }
        let parts = trimmed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[1].count == 3, let code = Int(parts[1]) else { return nil }
        return Status(version: String(parts[0]), code: code, reason: parts.count > 2 ? String(parts[2]) : "")
    }

    /// Parses `Name: value` (optional white space around the value is dropped), or nil.
    public static func parse(_ line: String) -> HTTPHeader? {
        let trimmed = line.trimmingTrailingNewline()
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else { return nil }
        let name = String(trimmed[..<colon])
        let value = trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        var end = value.endIndex
        while end > value.startIndex, value[value.index(before: end)] == " " || value[value.index(before: end)] == "\t" {
            end = value.index(before: end)
        }
        return HTTPHeader(name: name, value: String(value[..<end]))
    }
}

extension String {
    func trimmingTrailingNewline() -> Substring {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, case let before = utf8.index(before: end), utf8[before] == UInt8(ascii: "\n") || utf8[before] == UInt8(ascii: "\r") {
            end = before
        }
        return Substring(unicodeScalars[..<end])
    }
}
