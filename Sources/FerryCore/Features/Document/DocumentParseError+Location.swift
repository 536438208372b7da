import Foundation

extension DocumentParseError {
    /// Bytes of context taken on each side of the offset for the excerpt.
    static let excerptRadius = 24

    /// An error at `offset` of `bytes`, with its 1-based line, its column in characters (Unicode
    /// scalars) and a terminal-safe excerpt of the line around it.
    init(locating offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String, expected: String?) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var from = max(lineStart, offset - Self.excerptRadius)
        while from > lineStart, bytes[from] & 0xC0 == 0x80 { from -= 1 }
        var to = min(lineEnd, offset + Self.excerptRadius)
        while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
        let excerpt = TerminalSafeText.escaping(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
            .replacingOccurrences(of: "\t", with: "\\t")
        self.init(offset: offset, line: line, column: column, message: message, expected: expected, excerpt: excerpt)
    }
}
