/// Parsing of the lines of an HTTP/1 message head (and of curl's rendering of HTTP/2 heads).
public enum HeaderLine {
    /// A status line such as `HTTP/1.1 404 Not Found` or `HTTP/2 200`.
    public struct Status: Sendable, Hashable {
        public var version: String
        public var code: Int
        public var reason: String
    }

    /// Parses a status line, or nil when `line` is not one. (Both parsers read the line's UTF-8
    /// bytes in place: going Character by Character, then index by index, was a cost paid on every
    /// header line of every exchange.)
    public static func parseStatus(_ line: String) -> Status? {
        withBytes(of: line) { bytes -> Status? in
            guard bytes.count >= statusPrefix.count, bytes.indices.prefix(statusPrefix.count).allSatisfy({ bytes[$0] == statusPrefix[$0] })
            else { return nil }
            let end = contentEnd(bytes)
            guard let versionEnd = bytes[..<end].firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let codeStart = versionEnd + 1
            let codeEnd = bytes[codeStart..<end].firstIndex(of: UInt8(ascii: " ")) ?? end
            guard codeEnd - codeStart == 3, let code = Int(text(bytes, codeStart..<codeEnd)) else { return nil }
            let reason = codeEnd == end ? "" : text(bytes, codeEnd + 1..<end)
            return Status(version: text(bytes, 0..<versionEnd), code: code, reason: reason)
        }
    }

    /// Parses `Name: value` (optional white space around the value is dropped), or nil.
    public static func parse(_ line: String) -> HTTPHeader? {
        withBytes(of: line) { bytes -> HTTPHeader? in
            let end = contentEnd(bytes)
            guard let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), colon != 0 else { return nil }
            func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var start = colon + 1
            while start < end, isBlank(bytes[start]) { start += 1 }
            var valueEnd = end
            while valueEnd > start, isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
            return HTTPHeader(name: text(bytes, 0..<colon), value: text(bytes, start..<valueEnd))
        }
    }

    private static let statusPrefix = Array("HTTP/".utf8)

    /// `body` given the line's UTF-8 bytes in place.
    private static func withBytes<T>(of line: String, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        var line = line
        line.makeContiguousUTF8()
        return line.utf8.withContiguousStorageIfAvailable(body) ?? nil
    }

    /// Where the line ends before its trailing CR and LF bytes.
    private static func contentEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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
