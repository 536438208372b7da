import Foundation

/// The state machine behind `XMLDocumentParser`: markup and text in one loop, with an explicit
/// stack of open elements instead of recursion.
struct XMLScanner: DocumentScanner {
    static let format = Document.Format.xml
    static let bytesPerEntry = 16

    private var p = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var count = 0
    var table: NodeTable.Builder
    private var stack: [Int] = []
    private var depth = 0
    private var sawRoot = false
    private var sawDoctype = false

    init(table: NodeTable.Builder) {
        self.table = table
    }

    /// Parses the whole buffer; returns the deepest nesting of elements.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool) throws(DocumentParseError) -> Int {
        p = bytes
        count = bytes.count
        var i = 0
        if count >= 2, (p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE) {
            throw failure(0, "UTF-16 XML is not supported", expected: "UTF-8")
        }
        if count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        if matches("<?xml", at: i), i + 5 < count, isWhitespace(p[i + 5]) { i = try declaration(i) }
        while i < count {
            if p[i] == UInt8(ascii: "<") {
                i = try markup(i)
            } else {
                i = try text(i)
            }
        }
        if let open = stack.last {
            throw failure(count, "unexpected end of input: `<\(name(at: open + 1))>` is not closed", expected: "`</\(name(at: open + 1))>`")
        }
        guard sawRoot else { throw failure(count, "the document has no root element", expected: "an element") }
        return depth
    }

    // MARK: - Markup

    private mutating func markup(_ start: Int) throws(DocumentParseError) -> Int {
        guard start + 1 < count else { throw failure(start + 1, "unexpected end of input", expected: "a tag") }
        switch p[start + 1] {
        case UInt8(ascii: "/"): return try endTag(start)
        case UInt8(ascii: "?"): return try processingInstruction(start)
        case UInt8(ascii: "!"):
            if matches("<!--", at: start) { return try comment(start) }
            if matches("<![CDATA[", at: start) {
                guard !stack.isEmpty else { throw failure(start, "CDATA outside the root element", expected: nil) }
                let end = try find("]]>", from: start + 9, what: "CDATA section")
                _ = table.append(NodeKind.cdata.rawValue, start: start, link: end + 3)
                return end + 3
            }
            if matches("<!DOCTYPE", at: start) { return try doctype(start) }
            throw failure(start, "unexpected `<!`", expected: "`<!--`, `<![CDATA[` or `<!DOCTYPE`")
        default:
            return try startTag(start)
        }
    }

    private mutating func startTag(_ start: Int) throws(DocumentParseError) -> Int {
        if stack.isEmpty && sawRoot { throw failure(start, "a second root element", expected: "end of input") }
        let nameEnd = try nameEnd(start + 1, what: "an element name")
        guard stack.count < XMLDocumentParser.maximumDepth else {
            throw failure(start, "nesting deeper than \(XMLDocumentParser.maximumDepth) levels", expected: nil)
        }
        let opening = table.append(NodeKind.element.rawValue, start: start, link: 0)
        var i = nameEnd
        while true {
            let afterSpace = skipWhitespace(i)
            guard afterSpace < count else { throw failure(afterSpace, "unexpected end of input in a tag", expected: "`>`") }
            switch p[afterSpace] {
            case UInt8(ascii: ">"):
                push(opening)
                return afterSpace + 1
            case UInt8(ascii: "/"):
                guard afterSpace + 1 < count, p[afterSpace + 1] == UInt8(ascii: ">") else {
                    throw failure(afterSpace + 1, "unexpected \(describe(afterSpace + 1)) after `/`", expected: "`>`")
                }
                sawRoot = true
                depth = max(depth, stack.count + 1)
                table.close(opening, at: afterSpace)
                return afterSpace + 2
            default:
                guard afterSpace > i else {
                    throw failure(afterSpace, "unexpected \(describe(afterSpace)) in a tag", expected: "whitespace, `>` or `/>`")
                }
                i = try attribute(afterSpace, of: opening)
            }
        }
    }

    private mutating func push(_ opening: Int) {
        sawRoot = true
        stack.append(opening)
        depth = max(depth, stack.count)
    }

    /// One `name="value"`; returns the offset after the closing quote.
    private mutating func attribute(_ start: Int, of element: Int) throws(DocumentParseError) -> Int {
        let nameEnd = try nameEnd(start, what: "an attribute name")
        for existing in element + 1..<table.count where sameName(Int(table.starts[existing]), start, length: nameEnd - start) {
            throw failure(start, "duplicate attribute `\(string(start..<nameEnd))`", expected: nil)
        }
        var i = skipWhitespace(nameEnd)
        guard i < count, p[i] == UInt8(ascii: "=") else {
            throw failure(i, "unexpected \(describe(i)) after an attribute name", expected: "`=`")
        }
        i = skipWhitespace(i + 1)
        guard i < count, p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'") else {
            throw failure(i, "unexpected \(describe(i))", expected: "a quoted attribute value")
        }
        let quote = p[i]
        i += 1
        while true {
            guard i < count else { throw failure(i, "unexpected end of input in an attribute value", expected: "a closing quote") }
            switch p[i] {
            case quote:
                _ = table.append(NodeKind.attribute.rawValue, start: start, link: i + 1)
                return i + 1
            case UInt8(ascii: "<"): throw failure(i, "`<` in an attribute value", expected: "`&lt;`")
            case UInt8(ascii: "&"): i = try reference(i)
            default: i = try character(i)
            }
        }
    }

    private mutating func endTag(_ start: Int) throws(DocumentParseError) -> Int {
        let nameEnd = try nameEnd(start + 2, what: "an element name")
        let written = string(start + 2..<nameEnd)
        guard let opening = stack.last else { throw failure(start, "end tag `</\(written)>` without a start tag", expected: nil) }
        let open = name(at: Int(table.starts[opening]) + 1)
        guard open == written else { throw failure(start, "mismatched end tag `</\(written)>`", expected: "`</\(open)>`") }
        let close = skipWhitespace(nameEnd)
        guard close < count, p[close] == UInt8(ascii: ">") else {
            throw failure(close, "unexpected \(describe(close)) in an end tag", expected: "`>`")
        }
        table.close(stack.removeLast(), at: start)
        return close + 1
    }

    private mutating func comment(_ start: Int) throws(DocumentParseError) -> Int {
        let end = try find("--", from: start + 4, what: "comment")
        guard end + 2 < count, p[end + 2] == UInt8(ascii: ">") else {
            throw failure(end, "`--` inside a comment", expected: "`-->`")
        }
        _ = table.append(NodeKind.comment.rawValue, start: start, link: end + 3)
        return end + 3
    }

    private mutating func processingInstruction(_ start: Int) throws(DocumentParseError) -> Int {
        let nameEnd = try nameEnd(start + 2, what: "a processing-instruction target")
        if string(start + 2..<nameEnd).lowercased() == "xml" {
            throw failure(start, "the XML declaration is only allowed at the very start", expected: nil)
        }
        guard nameEnd < count, isWhitespace(p[nameEnd]) || matches("?>", at: nameEnd) else {
            throw failure(nameEnd, "unexpected \(describe(nameEnd)) after a processing-instruction target", expected: "whitespace or `?>`")
        }
        let end = try find("?>", from: nameEnd, what: "processing instruction")
        _ = table.append(NodeKind.processingInstruction.rawValue, start: start, link: end + 2)
        return end + 2
    }

    /// `<?xml version="1.0" encoding="…"?>`: kept as a processing instruction; a declared
    /// encoding other than UTF-8 or ASCII is refused rather than misread.
    private mutating func declaration(_ start: Int) throws(DocumentParseError) -> Int {
        let end = try find("?>", from: start + 5, what: "XML declaration")
        let content = string(start + 5..<end)
        guard content.contains("version") else { throw failure(start, "the XML declaration has no version", expected: "`version=\"1.0\"`") }
        if let range = content.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
            let label = content[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).last.map(String.init)?.lowercased() ?? ""
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(label) else {
                throw failure(start, "unsupported encoding `\(label)`", expected: "UTF-8")
            }
        }
        _ = table.append(NodeKind.processingInstruction.rawValue, start: start, link: end + 2)
        return end + 2
    }

    /// Skips a DOCTYPE, its internal subset included, honouring quotes and comments.
    private mutating func doctype(_ start: Int) throws(DocumentParseError) -> Int {
        guard !sawRoot, !sawDoctype else { throw failure(start, "DOCTYPE after the root element or twice", expected: nil) }
        sawDoctype = true
        var i = start + 9
        var inSubset = false
        while i < count {
            switch p[i] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = p[i]
                i += 1
                while i < count, p[i] != quote { i += 1 }
            case UInt8(ascii: "<") where matches("<!--", at: i):
                i = try find("-->", from: i + 4, what: "comment") + 2
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return i + 1
            default: break
            }
            i += 1
        }
        throw failure(count, "unexpected end of input in DOCTYPE", expected: "`>`")
    }

    // MARK: - Text

    private mutating func text(_ start: Int) throws(DocumentParseError) -> Int {
        var i = start
        var blank = true
        while i < count, p[i] != UInt8(ascii: "<") {
            switch p[i] {
            case UInt8(ascii: "&"):
                blank = false
                i = try reference(i)
            case UInt8(ascii: "]") where matches("]]>", at: i):
                throw failure(i, "`]]>` in text", expected: "`]]&gt;`")
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            default:
                blank = false
                i = try character(i)
            }
        }
        if !blank {
            guard !stack.isEmpty else {
                throw failure(
                    start, sawRoot ? "text after the root element" : "text before the root element",
                    expected: sawRoot ? "end of input" : "`<`")
            }
            _ = table.append(NodeKind.text.rawValue, start: start, link: i)
        }
        return i
    }

    /// `&name;`, `&#123;` or `&#x1F;`, at the ampersand; returns the offset after the semicolon.
    private func reference(_ start: Int) throws(DocumentParseError) -> Int {
        var i = start + 1
        if i < count, p[i] == UInt8(ascii: "#") {
            i += 1
            let isHex = i < count && p[i] == UInt8(ascii: "x")
            if isHex { i += 1 }
            var value: UInt32 = 0
            let digitsStart = i
            while i < count, let digit = isHex ? ByteScanning.hexDigit(p[i]) : (ByteScanning.isDigit(p[i]) ? UInt32(p[i] - 48) : nil) {
                value = min(value &* (isHex ? 16 : 10) &+ digit, 0x110000)
                i += 1
            }
            guard i > digitsStart, i < count, p[i] == UInt8(ascii: ";") else {
                throw failure(i, "malformed character reference", expected: isHex ? "hex digits then `;`" : "digits then `;`")
            }
            guard Self.isXMLCharacter(value) else { throw failure(start, "character reference to an invalid character", expected: nil) }
            return i + 1
        }
        let nameEnd = try nameEnd(i, what: "an entity name")
        guard nameEnd < count, p[nameEnd] == UInt8(ascii: ";") else {
            throw failure(nameEnd, "unexpected \(describe(nameEnd)) in an entity reference", expected: "`;`")
        }
        let entity = string(i..<nameEnd)
        guard XMLText.predefinedEntities[entity] != nil else { throw failure(start, "undefined entity `&\(entity);`", expected: nil) }
        return nameEnd + 1
    }

    /// One character of content: a permitted control character, printable ASCII or valid UTF-8.
    @inline(__always)
    private func character(_ i: Int) throws(DocumentParseError) -> Int {
        let byte = p[i]
        if byte >= 0x80 {
            guard let length = ByteScanning.utf8SequenceLength(p, at: i) else {
                throw failure(i, ByteScanning.utf8Problem(p, at: i), expected: nil)
            }
            return i + length
        }
        guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
            throw failure(i, "control character U+00\(ByteScanning.hex(byte)) is not allowed in XML", expected: nil)
        }
        return i + 1
    }

    // MARK: - Helpers

    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    /// The end of the XML name at `start`; throws when there is none.
    private func nameEnd(_ start: Int, what: String) throws(DocumentParseError) -> Int {
        guard start < count, let first = nameCharacterLength(at: start, initial: true) else {
            throw failure(start, start < count ? "unexpected \(describe(start))" : "unexpected end of input", expected: what)
        }
        var i = start + first
        while i < count, let length = nameCharacterLength(at: i, initial: false) { i += length }
        return i
    }

    /// The byte length of the name character at `i` (XML 1.0 fifth edition), or nil.
    @inline(__always)
    private func nameCharacterLength(at i: Int, initial: Bool) -> Int? {
        let byte = p[i]
        if byte < 0x80 { return (initial ? XMLText.isNameStart(byte) : XMLText.isNameCharacter(byte)) ? 1 : nil }
        guard let length = ByteScanning.utf8SequenceLength(p, at: i) else { return nil }
        var scalar = UInt32(byte) & (0x7F >> length)
        for offset in 1..<length { scalar = scalar << 6 | UInt32(p[i + offset] & 0x3F) }
        return XMLText.isNameScalar(scalar, initial: initial) ? length : nil
    }

    private func name(at start: Int) -> String {
        var end = start
        while end < count, XMLText.isNameCharacter(p[end]) { end += 1 }
        return string(start..<end)
    }

    private func sameName(_ a: Int, _ b: Int, length: Int) -> Bool {
        guard a + length <= count, a + length == count || !XMLText.isNameCharacter(p[a + length]) else { return false }
        for offset in 0..<length where p[a + offset] != p[b + offset] { return false }
        return true
    }

    /// The offset where `terminator` next starts, checking the characters on the way.
    private func find(_ terminator: StaticString, from start: Int, what: String) throws(DocumentParseError) -> Int {
        var i = start
        while i < count {
            if p[i] == terminator.utf8Start[0], matches(terminator, at: i) { return i }
            i = try character(i)
        }
        throw failure(count, "unexpected end of input in a \(what)", expected: "`\(terminator)`")
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        for index in 0..<length where p[offset + index] != literal.utf8Start[index] { return false }
        return true
    }

    @inline(__always)
    private func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < count, isWhitespace(p[i]) { i += 1 }
        return i
    }

    private func string(_ range: Range<Int>) -> String {
        TerminalSafeText.escaping(String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self))
    }

    private func describe(_ offset: Int) -> String { ByteScanning.describe(p, at: offset) }

    private func failure(_ offset: Int, _ message: String, expected: String?) -> DocumentParseError {
        DocumentParseError(locating: offset, in: p, message: message, expected: expected)
    }
}
