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
    /// The script as written, and where each literal taken stands in it (UTF-16 offsets): what
    /// `restored` puts back, made into text only when an error quotes a replacement.
    private var script: String
    private var ranges: [Range<Int>]

    public static func == (lhs: ScriptLiterals, rhs: ScriptLiterals) -> Bool { lhs.text == rhs.text && lhs.values == rhs.values }

    /// The identifier the literals are read from (`ƒ`, U+0192: one UTF-16 unit, a letter no script uses).
    static let name = "ƒ"
    private static let marker: UInt16 = 0x0192

    /// The script with its literals taken out; nil when none could be, or the script is left whole.
    public static func make(_ script: String) -> ScriptLiterals? {
        var lexer = Lexer(units: Array(script.utf16))
        guard lexer.run(), !lexer.taken.isEmpty else { return nil }
        var units = lexer.units
        var values: [String] = []
        for (index, literal) in lexer.taken.enumerated() {
            units.replaceSubrange(literal.range, with: replacement(index, length: literal.range.count).utf16)
            values.append(literal.json)
        }
        return ScriptLiterals(
            text: String(decoding: units, as: UTF16.self), values: "[" + values.joined(separator: ",") + "]", script: script,
            ranges: lexer.taken.map(\.range))
    }

    /// `ƒ[index]` padded with spaces to `length` UTF-16 units.
    private static func replacement(_ index: Int, length: Int) -> String {
        let replacement = "\(name)[\(index)]"
        return replacement + String(repeating: " ", count: length - replacement.utf16.count)
    }

    /// `message` (JavaScriptCore quotes the source in some errors) with the literals' source back in place of their replacements.
    public func restored(_ message: String) -> String {
        guard message.contains(Self.name) else { return message }
        var restored = message
        let units = Array(script.utf16)
        for (index, range) in ranges.enumerated().reversed() {  // ƒ[10] before ƒ[1]
            let (replacement, source) = (Self.replacement(index, length: range.count), String(decoding: units[range], as: UTF16.self))
            restored = restored.replacingOccurrences(of: replacement, with: source)
            let trimmed = String(replacement.prefix { $0 != " " })
            if trimmed != replacement { restored = restored.replacingOccurrences(of: trimmed, with: source) }
        }
        return restored
    }

    /// A literal taken: where it is and its value as JSON.
    struct Taken {
        var range: Range<Int>
        var json: String
    }

    /// Walks the script's tokens as far as literals need: strings, templates, comments, regular
    /// expressions, numbers, words and punctuation.
    struct Lexer {
        let units: [UInt16]
        var taken: [Taken] = []
        private var index = 0
        /// What came before: nothing, a value (a `/` after it divides), or punctuation or a keyword (a `/` after it begins a regular expression).
        private var previous = Previous.start
        private var braces = 0
        /// The brace depth each open template substitution (`${`) began at.
        private var templates: [Int] = []

        enum Previous: Equatable {
            case start, value, punctuation(UInt16), keyword
            /// `++`/`--`: a `/` after it is ambiguous.
            case increment
        }

        init(units: [UInt16]) { self.units = units }

        /// Keywords after which `/` begins a regular expression, as UTF-16 (each word is compared
        /// without making a string of it: words are most of a script's tokens).
        private static let regexKeywords = [
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
        ].map { Array($0.utf16) }
        private static let classKeyword = Array("class".utf16)

        /// False when the script is to be left whole.
        mutating func run() -> Bool {
            if units.contains(ScriptLiterals.marker) || units.starts(with: Array("#!".utf16)) { return false }
            while index < units.count {
                let unit = units[index]
                switch unit {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0xA0, 0xFEFF, 0x2028, 0x2029: index += 1
                case 0x2F:  // /
                    guard slash() else { return false }
                case 0x22, 0x27:  // " '
                    guard string(quote: unit) else { return false }
                case 0x60:  // `
                    index += 1
                    guard template() else { return false }
                case 0x7B:  // {
                    braces += 1
                    previous = .punctuation(unit)
                    index += 1
                case 0x7D:  // }
                    braces -= 1
                    index += 1
                    if let open = templates.last, open == braces {
                        templates.removeLast()
                        guard template() else { return false }
                    } else {
                        guard braces >= 0 else { return false }
                        previous = .punctuation(unit)
                    }
                case 0x5C: return false  // an escape in an identifier
                default:
                    if Self.isDigit(unit) || (unit == 0x2E && index + 1 < units.count && Self.isDigit(units[index + 1])) {
                        number()
                    } else if Self.isIdentifierPart(unit) {
                        guard word() else { return false }
                    } else {
                        let doubled = (unit == 0x2B || unit == 0x2D) && previous == .punctuation(unit)
                        previous = doubled ? .increment : .punctuation(unit)
                        index += 1
                    }
                }
            }
            return templates.isEmpty && braces == 0
        }

        /// A comment, a division or a regular expression; false when the script is to be left whole.
        private mutating func slash() -> Bool {
            let next = index + 1 < units.count ? units[index + 1] : 0
            if next == 0x2F {  // a line comment
                while index < units.count && !Self.isLineEnd(units[index]) { index += 1 }
                return true
            }
            if next == 0x2A {  // a block comment
                index += 2
                while index + 1 < units.count && !(units[index] == 0x2A && units[index + 1] == 0x2F) { index += 1 }
                guard index + 1 < units.count else { return false }
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
            while index < units.count {
                let unit = units[index]
                if Self.isLineEnd(unit) { return false }
                index += 1
                if unit == 0x5C {
                    index += 1
                } else if unit == 0x5B {
                    inClass = true
                } else if unit == 0x5D {
                    inClass = false
                } else if unit == 0x2F && !inClass {
                    while index < units.count && Self.isIdentifierPart(units[index]) { index += 1 }  // its flags
                    previous = .value
                    return true
                }
            }
            return false
        }

        /// A quoted string, taken when it can be; false when it never ends.
        private mutating func string(quote: UInt16) -> Bool {
            let start = index
            var escaped = false
            index += 1
            while index < units.count && units[index] != quote {
                if units[index] == 0x0A || units[index] == 0x0D { return false }
                if units[index] == 0x5C {
                    escaped = true
                    index += 1
                }
                index += 1
            }
            guard index < units.count else { return false }
            index += 1
            let content = units[(start + 1)..<(index - 1)]
            let value = String(decoding: content, as: UTF16.self)
            let directive =
                previous == .start || previous == .punctuation(0x3B) || previous == .punctuation(0x7B) || previous == .punctuation(0x7D)
            if !escaped && !directive && value.utf16.elementsEqual(content) {  // no lone surrogate
                take(start..<index, json: JSONStringLiteral.make(value))
            }
            previous = .value
            return true
        }

        /// A template literal's text from after its opening backtick (or a substitution's `}`) to its
        /// end or its next `${`; false when it never ends.
        private mutating func template() -> Bool {
            while index < units.count {
                let unit = units[index]
                index += 1
                if unit == 0x5C {
                    index += 1
                } else if unit == 0x60 {
                    previous = .value
                    return true
                } else if unit == 0x24 && index < units.count && units[index] == 0x7B {
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
            while index < units.count {
                let unit = units[index]
                let sign = (unit == 0x2B || unit == 0x2D) && (units[index - 1] == 0x65 || units[index - 1] == 0x45) && !isHex(from: start)
                guard Self.isIdentifierPart(unit) || unit == 0x2E || sign else { break }
                index += 1
            }
            let digits = units[start..<index]
            if (4...15).contains(digits.count), digits.first != 0x30, digits.allSatisfy(Self.isDigit), previous != .punctuation(0x2E) {
                take(start..<index, json: String(decoding: digits, as: UTF16.self))
            }
            previous = .value
        }

        private func isHex(from start: Int) -> Bool {
            start + 1 < units.count && units[start] == 0x30 && (units[start + 1] == 0x78 || units[start + 1] == 0x58)
        }

        /// An identifier or keyword; false for `class` (its fields' names are not told from values here).
        private mutating func word() -> Bool {
            let start = index
            while index < units.count && Self.isIdentifierPart(units[index]) { index += 1 }
            let word = units[start..<index]
            func equals(_ keyword: [UInt16]) -> Bool { keyword.count == word.count && keyword.elementsEqual(word) }
            if equals(Self.classKeyword) { return false }
            previous = Self.regexKeywords.contains(where: equals) ? .keyword : .value
            return true
        }

        /// Takes the literal at `range` unless its place makes it a name or it does not fit `ƒ[k]`.
        private mutating func take(_ range: Range<Int>, json: String) {
            let replacement = 3 + String(taken.count).utf8.count  // ƒ[k]
            guard range.count >= replacement, range.lowerBound == 0 || !Self.isIdentifierPart(units[range.lowerBound - 1]) else { return }
            var next = range.upperBound
            while next < units.count && [0x20, 0x09].contains(units[next]) { next += 1 }
            if next < units.count {
                let unit = units[next]
                let following = next + 1 < units.count ? units[next + 1] : 0
                // A name: `"a": 1`, `"a"() {}`, `"a" = 1`.
                if unit == 0x3A || unit == 0x28 || (unit == 0x3D && following != 0x3D) { return }
            }
            taken.append(Taken(range: range, json: json))
        }

        static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

        static func isLineEnd(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 }

        static func isIdentifierPart(_ unit: UInt16) -> Bool {
            (unit >= 0x61 && unit <= 0x7A) || (unit >= 0x41 && unit <= 0x5A) || isDigit(unit) || unit == 0x24 || unit == 0x5F
                || (unit >= 0x80 && ![0xA0, 0xFEFF, 0x2028, 0x2029].contains(unit))
        }
    }
}
