/// RFC 9485 I-Regexp: checks a pattern against its grammar and writes it as a PCRE2 pattern for
/// `UTF8Regex` (§5.3): `.` matches anything but `\n` and `\r`, groups do not capture, every
/// literal is escaped (so no syntax of PCRE2's own beyond I-Regexp's ever applies). `^` and `$` outside a
/// class anchor at the start and the end, as the JSONPath Compliance Test Suite expects (RFC 9485's
/// grammar reads them as literal characters; an anchor only matters to `search`).
struct IRegexp {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    /// The PCRE2 pattern for `pattern`, or nil when it is not an I-Regexp.
    static func pcrePattern(_ pattern: String) -> String? {
        var reader = IRegexp(scalars: Array(pattern.unicodeScalars))
        guard let translated = reader.alternatives(depth: 0), reader.position == reader.scalars.count else { return nil }
        return translated
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// branch *( "|" branch )
    private mutating func alternatives(depth: Int) -> String? {
        guard depth < 64, var text = branch(depth: depth) else { return nil }
        while peek == "|" {
            position += 1
            guard let next = branch(depth: depth) else { return nil }
            text += "|" + next
        }
        return text
    }

    /// *( atom [ quantifier ] ), up to `|`, `)` or the end.
    private mutating func branch(depth: Int) -> String? {
        var text = ""
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard let atom = atom(depth: depth) else { return nil }
            text += atom
            if let quantifier = quantifier() {
                guard !quantifier.isEmpty else { return nil }
                text += quantifier
            }
        }
        return text
    }

    private mutating func atom(depth: Int) -> String? {
        guard let scalar = peek else { return nil }
        position += 1
        switch scalar {
        case "(":
            guard let inner = alternatives(depth: depth + 1), peek == ")" else { return nil }
            position += 1
            return "(?:" + inner + ")"
        case ".": return #"[^\n\r]"#
        case "^": return #"\A"#
        case "$": return #"\z"#
        case "\\": return escape()
        case "[": return characterClass()
        case "*", "+", "?", "{", "}", "]", ")", "|": return nil
        default: return Self.literal(scalar)
        }
    }

    /// `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`; nil when none is here, empty when one is malformed.
    private mutating func quantifier() -> String? {
        guard let scalar = peek else { return nil }
        if scalar == "*" || scalar == "+" || scalar == "?" {
            position += 1
            return String(scalar)
        }
        guard scalar == "{" else { return nil }
        position += 1
        let low = digits()
        guard !low.isEmpty else { return "" }
        var text = "{" + low
        if peek == "," {
            position += 1
            text += "," + digits()
        }
        guard peek == "}" else { return "" }
        position += 1
        return text + "}"
    }

    private mutating func digits() -> String {
        var text = ""
        while let scalar = peek, ("0"..."9").contains(scalar) {
            text.unicodeScalars.append(scalar)
            position += 1
        }
        return text
    }

    /// After `\`: a single-character escape or `\p{…}`, `\P{…}`.
    private mutating func escape() -> String? {
        guard let scalar = peek else { return nil }
        position += 1
        switch scalar {
        case "n": return #"\n"#
        case "r": return #"\r"#
        case "t": return #"\t"#
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return Self.literal(scalar)
        case "p", "P":
            guard peek == "{" else { return nil }
            position += 1
            var name = ""
            while let next = peek, next != "}" {
                name.unicodeScalars.append(next)
                position += 1
            }
            guard peek == "}", Self.isCategory(name) else { return nil }
            position += 1
            return "\\\(scalar){\(name)}"
        default: return nil
        }
    }

    /// After `[`: `^`?, a leading `-`?, characters, ranges and category escapes, a trailing `-`?, `]`.
    private mutating func characterClass() -> String? {
        var text = "["
        if peek == "^" {
            position += 1
            text += "^"
        }
        var items = 0
        while let scalar = peek, scalar != "]" {
            if scalar == "-" {
                position += 1
                guard items == 0 || peek == "]" else { return nil }
                text += Self.literal("-")
            } else if scalar == "\\", position + 1 < scalars.count, scalars[position + 1] == "p" || scalars[position + 1] == "P" {
                position += 1
                guard let category = escape() else { return nil }
                text += category
            } else {
                guard let low = classCharacter() else { return nil }
                text += low
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let high = classCharacter() else { return nil }
                    text += "-" + high
                }
            }
            items += 1
        }
        guard items > 0, peek == "]" else { return nil }
        position += 1
        return text + "]"
    }

    /// One character of a class: any but `-`, `[`, `\`, `]`, or a single-character escape.
    private mutating func classCharacter() -> String? {
        guard let scalar = peek else { return nil }
        position += 1
        switch scalar {
        case "-", "[", "]": return nil
        case "\\":
            guard let next = peek, next != "p", next != "P" else { return nil }
            return escape()
        default: return Self.literal(scalar)
        }
    }

    /// A literal character as PCRE2 reads it whatever it is: ASCII letters and digits as they are, the rest as `\x{…}`.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return String(scalar) }
        return "\\x{" + String(scalar.value, radix: 16) + "}"
    }

    /// The general categories I-Regexp allows in `\p{…}`.
    private static func isCategory(_ name: String) -> Bool {
        let subcategories: [Character: String] = [
            "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
        ]
        guard let first = name.first, let allowed = subcategories[first], name.count <= 2 else { return false }
        return name.count == 1 || allowed.contains(name.last!)
    }
}
