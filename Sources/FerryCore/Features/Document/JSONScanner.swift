import Foundation

/// The state machine behind `JSONParser`: values, then what may follow them, with an explicit
/// stack of open containers instead of recursion.
struct JSONScanner: DocumentScanner {
    static let format = Document.Format.json
    static let bytesPerEntry = 6

    private var p = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var count = 0
    var table: NodeTable.Builder
    private var stack: [Int] = []
    private var depth = 0

    init(table: NodeTable.Builder) {
        self.table = table
        stack.reserveCapacity(64)
    }

    /// Parses the whole buffer; returns the deepest nesting reached.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentParseError) -> Int {
        p = bytes
        count = bytes.count
        var i = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        i = skipWhitespace(i)
        if i == count { throw failure(i, "the document is empty", expected: "a value") }
        values: while true {
            guard i < count else { throw failure(i, "unexpected end of input", expected: "a value") }
            switch p[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = p[i] == UInt8(ascii: "{")
                let opening = table.append(isObject ? NodeKind.object.rawValue : NodeKind.array.rawValue, start: i, link: 0)
                try push(opening, at: i)
                i = skipWhitespace(i + 1)
                if i < count, p[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    table.close(stack.removeLast(), at: i)
                    i += 1
                } else {
                    if isObject { i = try member(i) }
                    continue values
                }
            case UInt8(ascii: "\""):
                let end = try string(i)
                _ = table.append(NodeKind.string.rawValue, start: i, link: end)
                i = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let end = try number(i)
                _ = table.append(NodeKind.number.rawValue, start: i, link: end)
                i = end
            case UInt8(ascii: "t"): i = try literal(i, "true", .bool)
            case UInt8(ascii: "f"): i = try literal(i, "false", .bool)
            case UInt8(ascii: "n"): i = try literal(i, "null", .null)
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw failure(i, "NaN and Infinity are not JSON", expected: "a value")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let afterComma = previousSignificant(before: i) == UInt8(ascii: ",")
                throw failure(i, afterComma ? "trailing comma" : "unexpected \(describe(i))", expected: "a value")
            default:
                throw failure(i, "unexpected \(describe(i))", expected: "a value")
            }
            // After a value: a comma, the end of the enclosing container(s), or the end of input.
            while true {
                i = skipWhitespace(i)
                guard let top = stack.last else {
                    guard i == count else { throw failure(i, "unexpected \(describe(i)) after the document", expected: "end of input") }
                    return depth
                }
                let isObject = table.kinds[top] == NodeKind.object.rawValue
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = isObject ? "`,` or `}`" : "`,` or `]`"
                guard i < count else { throw failure(i, "unexpected end of input", expected: expected) }
                if p[i] == UInt8(ascii: ",") {
                    i = skipWhitespace(i + 1)
                    if isObject { i = try member(i) }
                    continue values
                }
                guard p[i] == closer else { throw failure(i, "unexpected \(describe(i))", expected: expected) }
                table.close(stack.removeLast(), at: i)
                i += 1
            }
        }
    }

    // MARK: - Pieces

    private mutating func push(_ opening: Int, at offset: Int) throws(DocumentParseError) {
        guard stack.count < JSONParser.maximumDepth else {
            throw failure(offset, "nesting deeper than \(JSONParser.maximumDepth) levels", expected: nil)
        }
        stack.append(opening)
        depth = max(depth, stack.count)
    }

    /// A member's key and colon, starting at the key; returns where its value starts.
    private func member(_ start: Int) throws(DocumentParseError) -> Int {
        guard start < count else { throw failure(start, "unexpected end of input", expected: "a string key") }
        guard p[start] == UInt8(ascii: "\"") else {
            let message = p[start] == UInt8(ascii: "}") ? "trailing comma" : "unexpected \(describe(start))"
            throw failure(start, message, expected: "a string key")
        }
        let colon = skipWhitespace(try string(start))
        guard colon < count else { throw failure(colon, "unexpected end of input", expected: "`:`") }
        guard p[colon] == UInt8(ascii: ":") else { throw failure(colon, "unexpected \(describe(colon))", expected: "`:`") }
        return skipWhitespace(colon + 1)
    }

    private mutating func literal(_ start: Int, _ word: StaticString, _ kind: NodeKind) throws(DocumentParseError) -> Int {
        let length = word.utf8CodeUnitCount
        let letters = word.utf8Start
        for offset in 0..<length where start + offset >= count || p[start + offset] != letters[offset] {
            let at = start + offset
            throw failure(at, at >= count ? "unexpected end of input" : "unexpected \(describe(at))", expected: "`\(word)`")
        }
        _ = table.append(kind.rawValue, start: start, link: start + length)
        return start + length
    }

    /// Validates a number's grammar (no leading zeros, digits after `.` and exponent); returns its end.
    private func number(_ start: Int) throws(DocumentParseError) -> Int {
        var i = start
        if p[i] == UInt8(ascii: "-") {
            i += 1
            if i < count, p[i] == UInt8(ascii: "I") { throw failure(start, "NaN and Infinity are not JSON", expected: "a value") }
        }
        guard i < count, isDigit(p[i]) else { throw digitExpected(i, after: "`-`") }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < count, isDigit(p[i]) { throw failure(i - 1, "leading zero in a number", expected: nil) }
        } else {
            while i < count, isDigit(p[i]) { i += 1 }
        }
        if i < count, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < count, isDigit(p[i]) else { throw digitExpected(i, after: "`.`") }
            while i < count, isDigit(p[i]) { i += 1 }
        }
        if i < count, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < count, isDigit(p[i]) else { throw digitExpected(i, after: "the exponent") }
            while i < count, isDigit(p[i]) { i += 1 }
        }
        return i
    }

    /// Validates a string starting at its opening quote (escapes, surrogate pairs, UTF-8,
    /// no raw control characters); returns the offset after the closing quote.
    private func string(_ start: Int) throws(DocumentParseError) -> Int {
        var i = start + 1
        let base = UnsafeRawPointer(p.baseAddress!)
        while true {
            // Eight plain bytes at a time: no quote, backslash, control character or non-ASCII.
            while i + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let special = hasZeroByte(word ^ 0x2222_2222_2222_2222) | hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                    | ((word &- 0x2020_2020_2020_2020) & ~word) | word
                if special & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < count else { throw failure(count, "unterminated string", expected: "`\"`") }
            let byte = p[i]
            switch byte {
            case UInt8(ascii: "\""):
                return i + 1
            case UInt8(ascii: "\\"):
                i = try escape(i)
            case 0..<0x20:
                throw failure(i, "control character U+00\(hex(byte)) in a string", expected: "an escape such as `\\u00\(hex(byte))`")
            case 0x80...:
                guard let length = ByteScanning.utf8SequenceLength(p, at: i) else {
                    throw failure(i, ByteScanning.utf8Problem(p, at: i), expected: nil)
                }
                i += length
            default:
                i += 1
            }
        }
    }

    /// One escape at the backslash; returns the offset after it (after both halves of a surrogate pair).
    private func escape(_ start: Int) throws(DocumentParseError) -> Int {
        guard start + 1 < count else { throw failure(start + 1, "unterminated string", expected: "an escape character") }
        switch p[start + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(start + 2)
            switch unit {
            case 0xD800...0xDBFF:
                guard start + 7 < count, p[start + 6] == UInt8(ascii: "\\"), p[start + 7] == UInt8(ascii: "u"),
                      (0xDC00...0xDFFF).contains(try hexQuad(start + 8)) else {
                    throw failure(start, "lone high surrogate \\u\(String(unit, radix: 16, uppercase: true))", expected: "a low surrogate `\\uDC00`–`\\uDFFF` after it")
                }
                return start + 12
            case 0xDC00...0xDFFF:
                throw failure(start, "lone low surrogate \\u\(String(unit, radix: 16, uppercase: true))", expected: "a high surrogate before it")
            default:
                return start + 6
            }
        default:
            throw failure(start, "invalid escape \\\(describe(start + 1, quoted: false))", expected: "one of `\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u`")
        }
    }

    private func hexQuad(_ start: Int) throws(DocumentParseError) -> UInt32 {
        var value: UInt32 = 0
        for i in start..<start + 4 {
            guard i < count else { throw failure(i, "unterminated string", expected: "4 hex digits after `\\u`") }
            guard let digit = ByteScanning.hexDigit(p[i]) else {
                throw failure(i, "unexpected \(describe(i)) in a \\u escape", expected: "4 hex digits after `\\u`")
            }
            value = value << 4 | digit
        }
        return value
    }

    // MARK: - Helpers

    @inline(__always)
    private func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < count {
            switch p[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return i
            }
        }
        return i
    }

    private func previousSignificant(before offset: Int) -> UInt8? {
        var i = offset - 1
        while i >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(p[i]) { i -= 1 }
        return i >= 0 ? p[i] : nil
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { ByteScanning.isDigit(byte) }

    @inline(__always)
    private func hasZeroByte(_ word: UInt64) -> UInt64 { (word &- 0x0101_0101_0101_0101) & ~word }

    private func hex(_ byte: UInt8) -> String { ByteScanning.hex(byte) }

    private func digitExpected(_ offset: Int, after what: String) -> DocumentParseError {
        failure(offset, offset >= count ? "unexpected end of input" : "unexpected \(describe(offset)) in a number", expected: "a digit after \(what)")
    }

    private func describe(_ offset: Int, quoted: Bool = true) -> String { ByteScanning.describe(p, at: offset, quoted: quoted) }

    private func failure(_ offset: Int, _ message: String, expected: String?) -> DocumentParseError {
        DocumentParseError(locating: offset, in: p, message: message, expected: expected)
    }
}
