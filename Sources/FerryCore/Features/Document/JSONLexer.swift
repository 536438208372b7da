import Foundation

/// JSON's tokens read in place for `JSONScanner`: each method takes the offset where a token
/// starts and returns the offset just past it, or throws a located error where the bytes break
/// RFC 8259 (escapes, surrogate pairs, UTF-8, number grammar, no raw control characters).
///
/// The hot paths read eight bytes at a time (`JSONWords`): the plain run of a string up to its
/// first quote, backslash, control or non-ASCII byte, a run of digits, a literal. Only the bytes
/// those words single out are looked at one by one, so validation stays as strict as a
/// byte-at-a-time scan. A small value of its own, apart from the scanner's node table, so calls
/// pass two registers rather than copying a scanner that is being written to.
struct JSONLexer {
    let p: UnsafeBufferPointer<UInt8>
    let count: Int
    /// The bytes are a file mapping whose pages may be given back behind the scan (`FileMapping`).
    let releasesPages: Bool
    /// How far the scan goes between two gives-back: a long string's run is cut at this length too.
    static let releaseInterval = 32 << 20

    init(_ bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool = false) {
        p = bytes
        count = bytes.count
        releasesPages = releasingPages
    }

    /// Gives back the mapping's pages before `offset` (they are read again if touched).
    func releasePages(before offset: Int) {
        guard releasesPages, let base = p.baseAddress else { return }
        FileMapping.releasePages(base, length: offset)
    }

    // MARK: - Tokens

    /// A member's key and colon, starting at the key; returns where its value starts.
    @inline(__always)
    func member(_ start: Int) throws(DocumentParseError) -> Int {
        guard start < count, p[start] == UInt8(ascii: "\"") else { throw keyExpected(start) }
        var colon = try string(start)
        if colon < count, p[colon] != UInt8(ascii: ":") { colon = skipWhitespace(colon) }
        guard colon < count, p[colon] == UInt8(ascii: ":") else { throw colonExpected(colon) }
        return skipWhitespace(colon + 1)
    }

    @inline(never)
    private func keyExpected(_ start: Int) -> DocumentParseError {
        guard start < count else { return failure(start, "unexpected end of input", expected: "a string key") }
        let message = p[start] == UInt8(ascii: "}") ? "trailing comma" : "unexpected \(describe(start))"
        return failure(start, message, expected: "a string key")
    }

    @inline(never)
    private func colonExpected(_ colon: Int) -> DocumentParseError {
        failure(colon, colon < count ? "unexpected \(describe(colon))" : "unexpected end of input", expected: "`:`")
    }

    /// Checks `true`, `false` or `null` at `start`, four bytes at a time; returns its end.
    @inline(__always)
    func literal(_ start: Int, _ word: StaticString) throws(DocumentParseError) -> Int {
        let length = word.utf8CodeUnitCount
        let matches =
            start + length <= count
            && JSONWords.load32(p, at: start + length - 4) == JSONWords.load32(word.utf8Start, at: length - 4)
            && (length == 4 || p[start] == word.utf8Start[0])
        guard matches else { throw literalMismatch(start, word) }
        return start + length
    }

    @inline(never)
    private func literalMismatch(_ start: Int, _ word: StaticString) -> DocumentParseError {
        let letters = word.utf8Start
        var at = start
        while at < count, at - start < word.utf8CodeUnitCount, p[at] == letters[at - start] { at += 1 }
        return failure(at, at >= count ? "unexpected end of input" : "unexpected \(describe(at))", expected: "`\(word)`")
    }

    /// Validates a number's grammar (no leading zeros, digits after `.` and exponent); returns its end.
    @inline(__always)
    func number(_ start: Int) throws(DocumentParseError) -> Int {
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
            i = digits(from: i + 1)
        }
        guard i < count, p[i] == UInt8(ascii: ".") || p[i] | 0x20 == UInt8(ascii: "e") else { return i }
        return try fractionAndExponent(i)
    }

    /// The optional `.digits` and exponent of a number; returns its end.
    private func fractionAndExponent(_ start: Int) throws(DocumentParseError) -> Int {
        var i = start
        if i < count, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < count, isDigit(p[i]) else { throw digitExpected(i, after: "`.`") }
            i = digits(from: i + 1)
        }
        if i < count, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < count, isDigit(p[i]) else { throw digitExpected(i, after: "the exponent") }
            i = digits(from: i + 1)
        }
        return i
    }

    /// The end of the run of digits starting at `start`.
    @inline(__always)
    private func digits(from start: Int) -> Int {
        var i = start
        while i + 8 <= count {
            let others = JSONWords.nonDigits(JSONWords.load64(p, at: i))
            if others != 0 { return i + others.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count, isDigit(p[i]) { i += 1 }
        return i
    }

    /// A string starting at its opening quote; returns the offset after the closing quote. Plain
    /// ASCII ending within the first eight bytes is decided here, anything else by `stringRest`.
    @inline(__always)
    func string(_ start: Int) throws(DocumentParseError) -> Int {
        let i = start + 1
        guard i + 8 <= count else { return try stringRest(from: i) }
        let special = JSONWords.stringSpecials(JSONWords.load64(p, at: i))
        let at = i + special.trailingZeroBitCount >> 3
        if special != 0, p[at] == UInt8(ascii: "\"") { return at + 1 }
        return try stringRest(from: at)
    }

    /// Validates a string from `start` inside it (escapes, surrogate pairs, UTF-8, no raw control
    /// characters); returns the offset after the closing quote.
    private func stringRest(from start: Int) throws(DocumentParseError) -> Int {
        var i = start
        while true {
            // Eight bytes at a time to the first quote, backslash, control character or non-ASCII;
            // in a mapping, in runs of `releaseInterval`, the pages behind given back after each.
            let end = releasesPages ? min(count, i + Self.releaseInterval) : count
            var found = false
            while i + 8 <= end {
                let special = JSONWords.stringSpecials(JSONWords.load64(p, at: i))
                if special != 0 {
                    i += special.trailingZeroBitCount >> 3
                    found = true
                    break
                }
                i += 8
            }
            if !found, end < count {
                releasePages(before: i)
                continue
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
                    (0xDC00...0xDFFF).contains(try hexQuad(start + 8))
                else {
                    throw failure(
                        start, "lone high surrogate \\u\(String(unit, radix: 16, uppercase: true))",
                        expected: "a low surrogate `\\uDC00`–`\\uDFFF` after it")
                }
                return start + 12
            case 0xDC00...0xDFFF:
                throw failure(
                    start, "lone low surrogate \\u\(String(unit, radix: 16, uppercase: true))", expected: "a high surrogate before it")
            default:
                return start + 6
            }
        default:
            throw failure(
                start, "invalid escape \\\(describe(start + 1, quoted: false))", expected: "one of `\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u`")
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

    /// The first non-whitespace offset from `start`; most calls return at once, on a value or a
    /// delimiter, or after the one space a compact or pretty printer writes.
    @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < count {
            let byte = p[i]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return i }
            i += 1
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

    private func hex(_ byte: UInt8) -> String { ByteScanning.hex(byte) }

    @inline(never)
    private func digitExpected(_ offset: Int, after what: String) -> DocumentParseError {
        failure(
            offset, offset >= count ? "unexpected end of input" : "unexpected \(describe(offset)) in a number",
            expected: "a digit after \(what)")
    }

    private func describe(_ offset: Int, quoted: Bool = true) -> String { ByteScanning.describe(p, at: offset, quoted: quoted) }

    // MARK: - Errors, built out of the hot loop

    /// Where a value should start but none does.
    @inline(never)
    func valueExpected(_ i: Int) -> DocumentParseError {
        guard i < count else { return failure(i, "unexpected end of input", expected: "a value") }
        switch p[i] {
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            return failure(i, "NaN and Infinity are not JSON", expected: "a value")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            let afterComma = previousSignificant(before: i) == UInt8(ascii: ",")
            return failure(i, afterComma ? "trailing comma" : "unexpected \(describe(i))", expected: "a value")
        default:
            return failure(i, "unexpected \(describe(i))", expected: "a value")
        }
    }

    /// Where a comma, a closing bracket or the end of input should follow a value.
    @inline(never)
    func afterValueProblem(_ i: Int, inContainer: Bool, inObject: Bool) -> DocumentParseError {
        guard inContainer else { return failure(i, "unexpected \(describe(i)) after the document", expected: "end of input") }
        let expected = inObject ? "`,` or `}`" : "`,` or `]`"
        return failure(i, i < count ? "unexpected \(describe(i))" : "unexpected end of input", expected: expected)
    }

    @inline(never)
    func tooDeep(_ i: Int) -> DocumentParseError {
        failure(i, "nesting deeper than \(JSONParser.maximumDepth) levels", expected: nil)
    }

    /// The error at `offset`, with its line, column and excerpt.
    @inline(never)
    func failure(_ offset: Int, _ message: String, expected: String?) -> DocumentParseError {
        DocumentParseError(locating: offset, in: p, message: message, expected: expected)
    }
}
