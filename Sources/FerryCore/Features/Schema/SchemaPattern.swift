import Foundation

/// `pattern`s and `patternProperties` as ECMA-262 reads them, through ICU's regular expressions:
/// `\d` and `\w` (and their negations) are ASCII-only in ECMA-262 but Unicode-wide in ICU, so they
/// are rewritten as ASCII classes; `[]` (matches nothing) and `[^]` (matches anything) become ICU's
/// equivalents; and what ICU accepts but ECMA-262 does not (`\a`, `(?#…)` comments, global `(?i)`
/// flags) is refused.
enum SchemaPattern {
    static func compile(_ source: String) -> NSRegularExpression? {
        guard let pattern = translated(source) else { return nil }
        return try? NSRegularExpression(pattern: pattern)
    }

    private static func translated(_ source: String) -> String? {
        var result = ""
        var inClass = false
        var characters = Array(source)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let escaped = characters.popFirst() else {
                    result.append(character)
                    continue
                }
                switch (escaped, inClass) {
                case ("a", _): return nil
                case ("d", false): result += "[0-9]"
                case ("D", false): result += "[^0-9]"
                case ("w", false): result += "[A-Za-z0-9_]"
                case ("W", false): result += "[^A-Za-z0-9_]"
                case ("d", true): result += "0-9"
                case ("w", true): result += "A-Za-z0-9_"
                default: result += "\\" + String(escaped)
                }
            case "[" where !inClass:
                if characters.first == "]" {
                    characters = characters.dropFirst()
                    result += "(?!)"
                } else if characters.starts(with: "^]") {
                    characters = characters.dropFirst(2)
                    result += "[\\s\\S]"
                } else {
                    inClass = true
                    result.append(character)
                }
            case "]" where inClass:
                inClass = false
                result.append(character)
            case "(" where !inClass && characters.first == "?":
                let rest = characters.dropFirst()
                if rest.first == "#" { return nil }
                let flags = rest.prefix { "imsx-".contains($0) }
                if !flags.isEmpty, rest.dropFirst(flags.count).first == ")" { return nil }
                result.append(character)
            default: result.append(character)
            }
        }
        return result
    }
}
