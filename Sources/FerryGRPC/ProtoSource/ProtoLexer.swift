/// Cuts a `.proto` file into tokens as protoc's tokenizer does: identifiers, decimal, hex and octal
/// integers, floats (`1.5`, `1e5`, `.5`; `inf` and `nan` are identifiers), string literals in single
/// or double quotes with C escapes (`\n`, `\x41`, `\101`, `\u00e9`, `\U0001F600`), adjacent ones
/// joined, and punctuation; `//` and `/* */` comments are skipped.
struct ProtoLexer {
    let file: String
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// Every token of the file, ending with one of kind `.end`.
    static func tokens(file: String, bytes: [UInt8]) throws(ProtoSourceError) -> [ProtoToken] {
        var lexer = ProtoLexer(file: file, bytes: bytes)
        var tokens: [ProtoToken] = []
        while true {
            var token = try lexer.next()
            if token.kind == .string, let last = tokens.last, last.kind == .string {
                token.bytes = last.bytes + token.bytes
                token.text = last.text + " " + token.text
                token.line = last.line
                token.column = last.column
                tokens[tokens.count - 1] = token
                continue
            }
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func error(_ problem: String, at offset: Int? = nil) -> ProtoSourceError {
        ProtoSourceError(file: file, line: line, column: (offset ?? position) - lineStart + 1, problem)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? { position + ahead < bytes.count ? bytes[position + ahead] : nil }

    private mutating func advance() {
        if bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    mutating func next() throws(ProtoSourceError) -> ProtoToken {
        try skipSpaceAndComments()
        let start = position
        let (startLine, startColumn) = (line, start - lineStart + 1)
        func token(_ kind: ProtoToken.Kind, _ text: String) -> ProtoToken {
            ProtoToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        guard let byte = peek() else { return token(.end, "") }
        if Self.isLetter(byte) {
            while let next = peek(), Self.isLetter(next) || Self.isDigit(next) { position += 1 }
            return token(.identifier, text(from: start))
        }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            return token(try number(), text(from: start))
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            var result = token(.string, "")
            result.bytes = try string(quote: byte)
            result.text = text(from: start)
            return result
        }
        guard byte >= 0x21, byte < 0x7F else {
            throw error(byte < 0x80 ? "unexpected control character \(byte)" : "unexpected non-ASCII byte outside a string or comment")
        }
        position += 1
        return token(.symbol, String(UnicodeScalar(byte)))
    }

    private func text(from start: Int) -> String { String(decoding: bytes[start..<position], as: UTF8.self) }

    private mutating func skipSpaceAndComments() throws(ProtoSourceError) {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
                || byte == 0x0B || byte == 0x0C
            {
                advance()
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let next = peek(), next != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let (startLine, startColumn) = (line, position - lineStart + 1)
                position += 2
                while !(peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                    guard peek() != nil else {
                        throw ProtoSourceError(file: file, line: startLine, column: startColumn, "a /* comment that never ends")
                    }
                    advance()
                }
                position += 2
            } else {
                return
            }
        }
    }

    private mutating func number() throws(ProtoSourceError) -> ProtoToken.Kind {
        if peek() == UInt8(ascii: "0"), let x = peek(1), x | 0x20 == UInt8(ascii: "x") {
            position += 2
            guard peek().map(Self.isHexDigit) == true else { throw error("\"0x\" must be followed by hex digits") }
            while let next = peek(), Self.isHexDigit(next) { position += 1 }
            try refuseLetterAfterNumber()
            return .integer
        }
        var isFloat = false
        while let next = peek(), Self.isDigit(next) { position += 1 }
        if peek() == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            while let next = peek(), Self.isDigit(next) { position += 1 }
        }
        if let e = peek(), e | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard peek().map(Self.isDigit) == true else { throw error("\"e\" must be followed by an exponent") }
            while let next = peek(), Self.isDigit(next) { position += 1 }
        }
        if isFloat, let f = peek(), f | 0x20 == UInt8(ascii: "f") { position += 1 }
        try refuseLetterAfterNumber()
        return isFloat ? .float : .integer
    }

    private func refuseLetterAfterNumber() throws(ProtoSourceError) {
        if let next = peek(), Self.isLetter(next) || next == UInt8(ascii: ".") {
            throw error("a number must be followed by a space or punctuation, not \"\(String(UnicodeScalar(next)))\"")
        }
    }

    private mutating func string(quote: UInt8) throws(ProtoSourceError) -> [UInt8] {
        let start = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                throw error("a string literal that never ends on its line", at: start)
            }
            position += 1
            if byte == quote { return value }
            guard byte == UInt8(ascii: "\\") else {
                value.append(byte)
                continue
            }
            try escape(into: &value)
        }
    }

    private mutating func escape(into value: inout [UInt8]) throws(ProtoSourceError) {
        guard let byte = peek() else { throw error("a string literal that ends in a backslash") }
        let escapeStart = position - 1
        position += 1
        switch byte {
        case UInt8(ascii: "a"): value.append(7)
        case UInt8(ascii: "b"): value.append(8)
        case UInt8(ascii: "f"): value.append(12)
        case UInt8(ascii: "n"): value.append(10)
        case UInt8(ascii: "r"): value.append(13)
        case UInt8(ascii: "t"): value.append(9)
        case UInt8(ascii: "v"): value.append(11)
        case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"): value.append(byte)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var number = Int(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
                number = number * 8 + Int(digit - UInt8(ascii: "0"))
                position += 1
            }
            value.append(UInt8(truncatingIfNeeded: number))
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            var number = 0
            var digits = 0
            while digits < 2, let digit = peek(), let hex = Self.hexValue(digit) {
                number = number * 16 + hex
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw error("\"\\x\" must be followed by hex digits", at: escapeStart) }
            value.append(UInt8(number))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            var number = 0
            for _ in 0..<count {
                guard let digit = peek(), let hex = Self.hexValue(digit) else {
                    throw error("\"\\\(String(UnicodeScalar(byte)))\" must be followed by \(count) hex digits", at: escapeStart)
                }
                number = number * 16 + hex
                position += 1
            }
            guard let scalar = UnicodeScalar(UInt32(number)) else {
                throw error("\\\(String(UnicodeScalar(byte))) escape names no Unicode character", at: escapeStart)
            }
            value.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("unknown escape \"\\\(String(UnicodeScalar(byte)))\"", at: escapeStart)
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
