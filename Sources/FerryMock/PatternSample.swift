/// A string that a simple regular expression (`^[A-Z]{2}-\d{3}$`) matches: literals, escapes,
/// classes, groups (their first alternative), quantifiers at their least (at least once for `+`).
/// Nil for what it does not read (look-arounds, back-references); the caller then checks or gives up.
enum PatternSample {
    static func string(for pattern: String) -> String? {
        var parser = Parser(characters: Array(pattern))
        guard let text = parser.alternation(), parser.index == parser.characters.count else { return nil }
        return text
    }

    private struct Parser {
        /// The longest sample made; a pattern asking for more is given up on.
        static let longest = 10_000
        /// The deepest nesting of groups read; a pattern nested deeper is given up on (each group
        /// is a level of recursion, and a schema's pattern is someone else's input).
        static let deepest = 64
        let characters: [Character]
        var index = 0
        var depth = 0

        /// The first alternative of `a|b|c`, the others read past.
        mutating func alternation() -> String? {
            guard let first = sequence() else { return nil }
            while index < characters.count, characters[index] == "|" {
                index += 1
                guard sequence() != nil else { return nil }
            }
            return first
        }

        mutating func sequence() -> String? {
            var result = ""
            while index < characters.count, characters[index] != "|", characters[index] != ")" {
                guard let atom = atom() else { return nil }
                guard let (least, _) = quantifier(), least >= 0, least <= Self.longest,
                    atom.utf8.count * least + result.utf8.count <= Self.longest
                else { return nil }
                result += String(repeating: atom, count: least)
            }
            return result
        }

        mutating func atom() -> String? {
            let character = characters[index]
            index += 1
            switch character {
            case "^", "$": return ""
            case ".": return "a"
            case "\\": return escape()
            case "[": return characterClass()
            case "(":
                guard depth < Self.deepest else { return nil }
                depth += 1
                defer { depth -= 1 }
                if index < characters.count, characters[index] == "?" {
                    guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternation(), index < characters.count, characters[index] == ")" else { return nil }
                index += 1
                return inner
            case "*", "+", "?", "{", ")", "|": return nil
            default: return String(character)
            }
        }

        mutating func escape() -> String? {
            guard index < characters.count else { return nil }
            let character = characters[index]
            index += 1
            switch character {
            case "d": return "0"
            case "w": return "a"
            case "s": return " "
            case "D", "W", "S": return "-"
            case "b", "B": return ""
            case "n": return "\n"
            case "t": return "\t"
            default: return character.isLetter || character.isNumber ? nil : String(character)
            }
        }

        /// The first character a class allows; nil for a negated one.
        mutating func characterClass() -> String? {
            guard index < characters.count, characters[index] != "^" else { return nil }
            var first: String?
            while index < characters.count, characters[index] != "]" {
                let character = characters[index]
                index += 1
                let member: String?
                if character == "\\" { member = escape() } else { member = String(character) }
                if first == nil, let member, !member.isEmpty { first = member }
            }
            guard index < characters.count else { return nil }
            index += 1
            return first
        }

        /// The least count of the quantifier after an atom (1 without one).
        mutating func quantifier() -> (Int, Int?)? {
            guard index < characters.count else { return (1, 1) }
            switch characters[index] {
            case "?", "*":
                index += 1
                skipLazy()
                return (0, nil)
            case "+":
                index += 1
                skipLazy()
                return (1, nil)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let body = String(characters[(index + 1)..<close])
                index = close + 1
                skipLazy()
                let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
                guard let least = Int(bounds[0]) else { return nil }
                return (least, bounds.count > 1 ? Int(bounds[1]) : least)
            default:
                return (1, 1)
            }
        }

        mutating func skipLazy() {
            if index < characters.count, characters[index] == "?" { index += 1 }
        }
    }
}
