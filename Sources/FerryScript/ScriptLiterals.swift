import FerryCore

/// A script with its string literals (and long integers) taken out: each becomes `ƒ[k]`, padded with
/// spaces to the literal's length, and the values cross apart as a JSON array. Scripts that differ
/// only in literals (a test per request file checking its own value) then have one text, which
/// JavaScriptCore compiles once (its code cache is keyed by the text) instead of once per script.
/// Lines and columns stay where they were. Only literals whose meaning cannot change are taken: no
/// escapes, not a property name (`"a": 1`, `"a"() {}`), not a statement's first token (a directive),
/// not after a word's last letter; a script with a regular expression after `)` or `}` (a division
/// or not?), a `class`, an identifier escape or `ƒ` of its own is left whole (`make` answers nil).
public struct ScriptLiterals: Equatable, Sendable {
    /// The script with `ƒ[k]` in place of each literal taken.
    public var text: String
    /// The literals' values, a JSON array.
    public var values: String
    /// The script as written, and where each literal taken stands in it (UTF-8 offsets): what
    /// `restored` puts back, made into text only when an error quotes a replacement.
    private var script: String
    private var ranges: [Range<Int>]

    public static func == (lhs: ScriptLiterals, rhs: ScriptLiterals) -> Bool { lhs.text == rhs.text && lhs.values == rhs.values }

    /// The identifier the literals are read from (`ƒ`, U+0192: one UTF-16 unit, a letter no script uses).
    static let name = "ƒ"

    /// The script with its literals taken out; nil when none could be, or the script is left whole.
    /// Lexed over its UTF-8 bytes (no copy, no `String` per token): lines and columns are UTF-16
    /// units, so each replacement is padded to its literal's length in those.
    public static func make(_ script: String) -> ScriptLiterals? {
        var utf8 = script
        return utf8.withUTF8 { bytes in
            var lexer = Lexer(bytes: bytes)
            guard lexer.run(), !lexer.taken.isEmpty else { return nil }
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count + lexer.taken.count)
            var values: [UInt8] = [UInt8(ascii: "[")]
            var end = 0
            for (index, literal) in lexer.taken.enumerated() {
                text += bytes[end..<literal.range.lowerBound]
                appendReplacement(index, length: Lexer.utf16Count(bytes[literal.range]), to: &text)
                end = literal.range.upperBound
                if index > 0 { values.append(UInt8(ascii: ",")) }
                appendValue(of: literal, in: bytes, to: &values)
            }
            text += bytes[end...]
            values.append(UInt8(ascii: "]"))
            return ScriptLiterals(
                text: String(decoding: text, as: UTF8.self), values: String(decoding: values, as: UTF8.self), script: script,
                ranges: lexer.taken.map(\.range))
        }
    }

    /// `ƒ[index]` padded with spaces to `length` UTF-16 units.
    private static func replacement(_ index: Int, length: Int) -> String {
        var bytes: [UInt8] = []
        appendReplacement(index, length: length, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `replacement`'s bytes appended to `bytes` (`ƒ` is one UTF-16 unit, two UTF-8 bytes).
    private static func appendReplacement(_ index: Int, length: Int, to bytes: inout [UInt8]) {
        let digits = String(index).utf8
        bytes += [0xC6, 0x92, UInt8(ascii: "[")]
        bytes += digits
        bytes.append(UInt8(ascii: "]"))
        bytes += repeatElement(UInt8(ascii: " "), count: length - 3 - digits.count)
    }

    /// A literal's value as JSON appended to `values`: a number as written; a string quoted as it is
    /// when nothing in it needs escaping for JSON (it has no escapes of its own, but may hold `"`
    /// inside single quotes, or a control character), else through `ScriptInput.literal`.
    private static func appendValue(of literal: Taken, in bytes: UnsafeBufferPointer<UInt8>, to values: inout [UInt8]) {
        guard literal.isString else { return values += bytes[literal.range] }
        let content = bytes[(literal.range.lowerBound + 1)..<(literal.range.upperBound - 1)]
        if content.allSatisfy(ScriptJSONWriter.isPlain) {
            values.append(UInt8(ascii: "\""))
            values += content
            values.append(UInt8(ascii: "\""))
        } else {
            values += ScriptInput.literal(String(decoding: content, as: UTF8.self)).utf8
        }
    }

    /// `message` (JavaScriptCore quotes the source in some errors) with the literals' source back in place of their replacements.
    public func restored(_ message: String) -> String {
        guard message.contains(Self.name) else { return message }
        var restored = message
        let bytes = Array(script.utf8)
        for (index, range) in ranges.enumerated().reversed() {  // ƒ[10] before ƒ[1]
            let source = String(decoding: bytes[range], as: UTF8.self)
            let replacement = Self.replacement(index, length: source.utf16.count)
            restored = restored.replacingOccurrences(of: replacement, with: source)
            let trimmed = String(replacement.prefix { $0 != " " })
            if trimmed != replacement { restored = restored.replacingOccurrences(of: trimmed, with: source) }
        }
        return restored
    }

    /// A literal taken: where it is (UTF-8 offsets, a string's quotes included) and whether it is a string (else a number).
    struct Taken {
        var range: Range<Int>
        var isString: Bool
    }

    /// Walks the script's tokens as far as literals need: strings, templates, comments, regular
    /// expressions, numbers, words and punctuation. Over UTF-8: every byte the decisions look at is
    /// ASCII, but for the four other spaces and line ends (U+00A0, U+FEFF, U+2028, U+2029); any
    /// other character from U+0080 is part of a word, as each of its bytes is.
    struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var taken: [Taken] = []
        private var index = 0
        /// What came before: nothing, a value (a `/` after it divides), or punctuation or a keyword (a `/` after it begins a regular expression).
        private var previous = Previous.start
        private var braces = 0
        /// The brace depth each open template substitution (`${`) began at.
        private var templates: [Int] = []

        enum Previous: Equatable {
            case start, value, punctuation(UInt8), keyword
            /// `++`/`--`: a `/` after it is ambiguous.
            case increment
        }

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Keywords after which `/` begins a regular expression (each word is compared without making
        /// a string of it, nor retaining one per keyword: words are most of a script's tokens).
        private static let regexKeywords: [StaticString] = [
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
        ]

        /// False when the script is to be left whole.
        mutating func run() -> Bool {
            if containsMarker() || (bytes.count >= 2 && bytes[0] == 0x23 && bytes[1] == 0x21) { return false }  // ƒ, #!
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: index += 1
                case 0x2F:  // /
                    guard slash() else { return false }
                case 0x22, 0x27:  // " '
                    guard string(quote: byte) else { return false }
                case 0x60:  // `
                    index += 1
                    guard template() else { return false }
                case 0x7B:  // {
                    braces += 1
                    previous = .punctuation(byte)
                    index += 1
                case 0x7D:  // }
                    braces -= 1
                    index += 1
                    if let open = templates.last, open == braces {
                        templates.removeLast()
                        guard template() else { return false }
                    } else {
                        guard braces >= 0 else { return false }
                        previous = .punctuation(byte)
                    }
                case 0x5C: return false  // an escape in an identifier
                default:
                    if let space = wideSpace(at: index) {
                        index += space
                    } else if Self.isDigit(byte) || (byte == 0x2E && index + 1 < bytes.count && Self.isDigit(bytes[index + 1])) {
                        number()
                    } else if isIdentifierPart(at: index) {
                        guard word() else { return false }
                    } else {
                        let doubled = (byte == 0x2B || byte == 0x2D) && previous == .punctuation(byte)
                        previous = doubled ? .increment : .punctuation(byte)
                        index += 1
                    }
                }
            }
            return templates.isEmpty && braces == 0
        }

        /// Whether the script holds `ƒ` (C6 92: C6 only ever begins a character).
        private func containsMarker() -> Bool {
            var at = 0
            while at + 1 < bytes.count {
                if bytes[at] == 0xC6 && bytes[at + 1] == 0x92 { return true }
                at += 1
            }
            return false
        }

        /// A comment, a division or a regular expression; false when the script is to be left whole.
        private mutating func slash() -> Bool {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == 0x2F {  // a line comment
                while index < bytes.count && !isLineEnd(at: index) { index += 1 }
                return true
            }
            if next == 0x2A {  // a block comment
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                guard index + 1 < bytes.count else { return false }
                index += 2
                return true
            }
            switch previous {
            case .value, .punctuation(0x5D):  // a division
                previous = .punctuation(0x2F)
                index += 1
                return true
            case .punctuation(0x29), .punctuation(0x7D), .increment: return false  // a division or a regular expression: not told here
            default: break
            }
            index += 1
            var inClass = false
            while index < bytes.count {
                if isLineEnd(at: index) { return false }
                let byte = bytes[index]
                index += 1
                if byte == 0x5C {
                    index += 1
                } else if byte == 0x5B {
                    inClass = true
                } else if byte == 0x5D {
                    inClass = false
                } else if byte == 0x2F && !inClass {
                    while index < bytes.count && isIdentifierPart(at: index) { index += 1 }  // its flags
                    previous = .value
                    return true
                }
            }
            return false
        }

        /// A quoted string, taken when it can be; false when it never ends.
        private mutating func string(quote: UInt8) -> Bool {
            let start = index
            var escaped = false
            index += 1
            while index < bytes.count && bytes[index] != quote {
                if bytes[index] == 0x0A || bytes[index] == 0x0D { return false }
                if bytes[index] == 0x5C {
                    escaped = true
                    index += 1
                }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
            let directive =
                previous == .start || previous == .punctuation(0x3B) || previous == .punctuation(0x7B) || previous == .punctuation(0x7D)
            if !escaped && !directive {
                take(start..<index, isString: true)
            }
            previous = .value
            return true
        }

        /// A template literal's text from after its opening backtick (or a substitution's `}`) to its
        /// end or its next `${`; false when it never ends.
        private mutating func template() -> Bool {
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x5C {
                    index += 1
                } else if byte == 0x60 {
                    previous = .value
                    return true
                } else if byte == 0x24 && index < bytes.count && bytes[index] == 0x7B {
                    index += 1
                    templates.append(braces)
                    braces += 1
                    previous = .punctuation(0x7B)
                    return true
                }
            }
            return false
        }

        /// A numeric literal: a decimal integer of 4 to 15 digits is taken (the shorter ones do not fit their replacement).
        private mutating func number() {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let sign = (byte == 0x2B || byte == 0x2D) && (bytes[index - 1] == 0x65 || bytes[index - 1] == 0x45) && !isHex(from: start)
                guard isIdentifierPart(at: index) || byte == 0x2E || sign else { break }
                index += 1
            }
            let digits = bytes[start..<index]
            if (4...15).contains(digits.count), digits.first != 0x30, digits.allSatisfy(Self.isDigit), previous != .punctuation(0x2E) {
                take(start..<index, isString: false)
            }
            previous = .value
        }

        private func isHex(from start: Int) -> Bool {
            start + 1 < bytes.count && bytes[start] == 0x30 && (bytes[start + 1] == 0x78 || bytes[start + 1] == 0x58)
        }

        /// An identifier or keyword; false for `class` (its fields' names are not told from values here).
        private mutating func word() -> Bool {
            let start = index
            while index < bytes.count && isIdentifierPart(at: index) { index += 1 }
            let word = bytes[start..<index]
            func equals(_ keyword: StaticString) -> Bool {
                keyword.utf8CodeUnitCount == word.count && keyword.withUTF8Buffer { $0.elementsEqual(word) }
            }
            if equals("class") { return false }
            previous = Self.regexKeywords.contains(where: equals) ? .keyword : .value
            return true
        }

        /// Takes the literal at `range` unless its place makes it a name or it does not fit `ƒ[k]`.
        private mutating func take(_ range: Range<Int>, isString: Bool) {
            let replacement = 3 + String(taken.count).utf8.count  // ƒ[k]
            guard Self.utf16Count(bytes[range]) >= replacement, range.lowerBound == 0 || !endsIdentifierPart(before: range.lowerBound)
            else { return }
            var next = range.upperBound
            while next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
            if next < bytes.count {
                let byte = bytes[next]
                let following = next + 1 < bytes.count ? bytes[next + 1] : 0
                // A name: `"a": 1`, `"a"() {}`, `"a" = 1`.
                if byte == 0x3A || byte == 0x28 || (byte == 0x3D && following != 0x3D) { return }
            }
            taken.append(Taken(range: range, isString: isString))
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        /// The UTF-16 length of UTF-8 `bytes`: one unit a character, two from U+10000 (four bytes).
        static func utf16Count(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
            bytes.reduce(0) { count, byte in count + (byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1) }
        }

        /// The length in bytes of U+00A0, U+FEFF, U+2028 or U+2029 at `at` (spaces and line ends outside ASCII), else nil.
        private func wideSpace(at: Int) -> Int? {
            let byte = bytes[at]
            guard byte >= 0x80 else { return nil }
            if byte == 0xC2 && at + 1 < bytes.count && bytes[at + 1] == 0xA0 { return 2 }
            if byte == 0xEF && at + 2 < bytes.count && bytes[at + 1] == 0xBB && bytes[at + 2] == 0xBF { return 3 }
            return isLineEnd(at: at) ? 3 : nil
        }

        private func isLineEnd(at: Int) -> Bool {
            let byte = bytes[at]
            return byte == 0x0A || byte == 0x0D
                || (byte == 0xE2 && at + 2 < bytes.count && bytes[at + 1] == 0x80 && (bytes[at + 2] == 0xA8 || bytes[at + 2] == 0xA9))
        }

        /// Whether the byte at `at` belongs to a word: an ASCII letter, digit, `$` or `_`, or any
        /// byte of a character from U+0080 other than the wide spaces (`at` never falls inside one).
        private func isIdentifierPart(at: Int) -> Bool {
            let byte = bytes[at]
            guard byte >= 0x80 else {
                return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || Self.isDigit(byte) || byte == 0x24
                    || byte == 0x5F
            }
            return byte & 0xC0 == 0x80 || wideSpace(at: at) == nil
        }

        /// Whether the character that ends just before `end` belongs to a word.
        private func endsIdentifierPart(before end: Int) -> Bool {
            var start = end - 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 && end - start < 4 { start -= 1 }
            return isIdentifierPart(at: start)
        }
    }
}
