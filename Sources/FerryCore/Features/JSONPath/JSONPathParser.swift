/// Reads an RFC 9535 query into segments, checking the well-typedness rules of §2.4.3 as it goes;
/// the first problem throws with its position and what was expected.
struct JSONPathParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    /// How deeply filters, parentheses and function calls may nest.
    static let maximumDepth = 64
    /// The comparison operators, longest first (`<=` before `<`).
    private static let comparisons = Assertion.Predicate.Comparison.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
    /// The largest magnitude of an index or slice bound (I-JSON's exact integers).
    static let maximumInteger = 9_007_199_254_740_991

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// `$`, then segments, then the end of the text.
    mutating func query() throws(JSONPathSyntaxError) -> [JSONPathSegment] {
        guard peek == "$" else { throw expected("`$`") }
        position += 1
        let segments = try segments()
        guard position == scalars.count else { throw expected("`.`, `..`, `[` or the end of the path") }
        return segments
    }

    // MARK: - Segments and selectors

    /// Segments, each after optional blanks; stops (before the blanks) at anything else.
    private mutating func segments() throws(JSONPathSyntaxError) -> [JSONPathSegment] {
        var segments: [JSONPathSegment] = []
        while true {
            let before = position
            skipBlanks()
            guard peek == "." || peek == "[" else {
                position = before
                return segments
            }
            segments.append(try segment())
        }
    }

    private mutating func segment() throws(JSONPathSyntaxError) -> JSONPathSegment {
        let start = position
        if peek == "[" { return JSONPathSegment(selectors: try bracketed(), isDescendant: false, position: start) }
        position += 1
        let descendant = peek == "."
        if descendant {
            position += 1
            if peek == "[" { return JSONPathSegment(selectors: try bracketed(), isDescendant: true, position: start) }
        }
        if peek == "*" {
            position += 1
            return JSONPathSegment(selectors: [.wildcard], isDescendant: descendant, position: start)
        }
        guard let first = peek, Self.isNameFirst(first) else {
            throw expected(descendant ? "a name, `*` or `[` after `..`" : "a name or `*` after `.`")
        }
        var name = ""
        while let scalar = peek, Self.isNameFirst(scalar) || ("0"..."9").contains(scalar) {
            name.unicodeScalars.append(scalar)
            position += 1
        }
        return JSONPathSegment(selectors: [.name(name)], isDescendant: descendant, position: start)
    }

    /// `[` selectors separated by commas `]`.
    private mutating func bracketed() throws(JSONPathSyntaxError) -> [JSONPathSelector] {
        position += 1
        var selectors: [JSONPathSelector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if peek == "]" {
                position += 1
                return selectors
            }
            guard peek == "," else { throw expected("`]`") }
            position += 1
        }
    }

    private mutating func selector() throws(JSONPathSyntaxError) -> JSONPathSelector {
        switch peek {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            return .filter(try nested { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.test(parser.logicalOr()) })
        default:
            let start = try integer()
            skipBlanks()
            guard peek == ":" else {
                guard let start else { throw expected("a name, an index, a slice, `*` or a filter `?`") }
                return .index(start)
            }
            position += 1
            skipBlanks()
            let end = try integer()
            skipBlanks()
            var step: Int?
            if peek == ":" {
                position += 1
                skipBlanks()
                step = try integer()
            }
            return .slice(start: start, end: end, step: step)
        }
    }

    /// An RFC 9535 integer (no leading zeros, no `-0`, within ±(2^53−1)), or nil when none starts here.
    private mutating func integer() throws(JSONPathSyntaxError) -> Int? {
        let start = position
        if peek == "-" { position += 1 }
        var digits = ""
        while let scalar = peek, ("0"..."9").contains(scalar) {
            digits.unicodeScalars.append(scalar)
            position += 1
        }
        if digits.isEmpty {
            guard position == start else { throw expected("a digit after `-`") }
            return nil
        }
        if digits.first == "0", digits.count > 1 || position - start > 1 {
            position = start
            throw expected("an integer without leading zeros (nor `-0`)")
        }
        guard let value = Int(digits), value <= Self.maximumInteger else {
            position = start
            throw expected("an integer within ±(2^53−1)")
        }
        return position - start > digits.count ? -value : value
    }

    // MARK: - Filter expressions

    /// What a filter expression reads before it is known to be a test or a comparison's side.
    private enum Operand {
        case literal(JSONPathLiteral, at: Int)
        case query(JSONPathFilterQuery, at: Int)
        case function(JSONPathFunctionCall, at: Int)
        case logical(JSONPathFilter)
    }

    private mutating func logicalOr() throws(JSONPathSyntaxError) -> Operand {
        try chain("||", term: { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.logicalAnd() }, combine: JSONPathFilter.or)
    }

    private mutating func logicalAnd() throws(JSONPathSyntaxError) -> Operand {
        try chain("&&", term: { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.basic() }, combine: JSONPathFilter.and)
    }

    /// Terms joined by `symbol`; a lone term stays as it was read (a function's argument may be a bare query).
    private mutating func chain(
        _ symbol: String, term: (inout Self) throws(JSONPathSyntaxError) -> Operand, combine: ([JSONPathFilter]) -> JSONPathFilter
    ) throws(JSONPathSyntaxError) -> Operand {
        let first = try term(&self)
        var terms: [JSONPathFilter] = []
        while true {
            let before = position
            skipBlanks()
            guard take(symbol) else {
                position = before
                break
            }
            if terms.isEmpty { terms.append(try test(first)) }
            skipBlanks()
            terms.append(try test(term(&self)))
        }
        return terms.isEmpty ? first : .logical(combine(terms))
    }

    /// A parenthesized or negated expression, a comparison, or an operand left for the caller to type.
    private mutating func basic() throws(JSONPathSyntaxError) -> Operand {
        if peek == "!" {
            position += 1
            skipBlanks()
            if peek == "(" { return .logical(.not(try test(parenthesized()))) }
            guard peek == "@" || peek == "$" || peek.map(Self.isFunctionNameFirst) == true else {
                throw expected("a query, a function or `(` after `!`")
            }
            return .logical(.not(try test(primary())))
        }
        if peek == "(" { return try parenthesized() }
        let left = try primary()
        let before = position
        skipBlanks()
        guard let comparison = comparisonOperator() else {
            position = before
            return left
        }
        skipBlanks()
        let right = try primary()
        return .logical(.compare(try comparable(left), comparison, try comparable(right)))
    }

    private mutating func parenthesized() throws(JSONPathSyntaxError) -> Operand {
        position += 1
        skipBlanks()
        let inner = try nested { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.test(parser.logicalOr()) }
        skipBlanks()
        guard peek == ")" else { throw expected("`)`") }
        position += 1
        return .logical(inner)
    }

    private mutating func comparisonOperator() -> Assertion.Predicate.Comparison? {
        for comparison in Self.comparisons where take(comparison.rawValue) { return comparison }
        return nil
    }

    /// A literal, a query (`@…`, `$…`) or a function call.
    private mutating func primary() throws(JSONPathSyntaxError) -> Operand {
        let start = position
        switch peek {
        case "@", "$":
            let relative = peek == "@"
            position += 1
            let segments = try nested { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.segments() }
            return .query(JSONPathFilterQuery(isRelative: relative, segments: segments), at: start)
        case "'", "\"": return .literal(.string(try stringLiteral()), at: start)
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return .literal(.number(try number()), at: start)
        default:
            var name = ""
            while let scalar = peek, Self.isFunctionNameFirst(scalar) || scalar == "_" || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
                position += 1
            }
            if peek == "(" {
                return .function(
                    try nested { (parser: inout Self) throws(JSONPathSyntaxError) in try parser.call(name, at: start) }, at: start)
            }
            switch name {
            case "true": return .literal(.bool(true), at: start)
            case "false": return .literal(.bool(false), at: start)
            case "null": return .literal(.null, at: start)
            default:
                position = start
                throw expected("a query (`@`, `$`), a literal, a function or `(`")
            }
        }
    }

    /// `name(` arguments `)`, typed against the function's parameters.
    private mutating func call(_ name: String, at start: Int) throws(JSONPathSyntaxError) -> JSONPathFunctionCall {
        guard JSONPathFunctionCall.names.contains(name) else {
            position = start
            throw expected("a function: length, count, match, search or value")
        }
        position += 1
        skipBlanks()
        var arguments: [Operand] = []
        if peek != ")" {
            while true {
                arguments.append(try logicalOr())
                skipBlanks()
                guard peek == "," else { break }
                position += 1
                skipBlanks()
            }
        }
        guard peek == ")" else { throw expected(arguments.isEmpty ? "an argument or `)`" : "`,` or `)`") }
        let count = name == "match" || name == "search" ? 2 : 1
        guard arguments.count == count else {
            position = start
            throw expected("\(count) argument\(count == 1 ? "" : "s") to \(name)()")
        }
        position += 1
        switch name {
        case "length": return .length(try value(arguments[0], of: name))
        case "count": return .count(try nodes(arguments[0], of: name))
        case "value": return .value(try nodes(arguments[0], of: name))
        case "match": return .match(try value(arguments[0], of: name), try value(arguments[1], of: name))
        default: return .search(try value(arguments[0], of: name), try value(arguments[1], of: name))
        }
    }

    // MARK: - Types (RFC 9535 §2.4.3)

    /// An operand as a test: a query (non-empty), a LogicalType function, or already logical.
    private func test(_ operand: Operand) throws(JSONPathSyntaxError) -> JSONPathFilter {
        switch operand {
        case .logical(let filter): return filter
        case .query(let query, _): return .exists(query)
        case .function(let call, _) where call.isLogical: return .function(call)
        case .function(_, let at): throw JSONPathSyntaxError(position: at, message: "expected a comparison: this function gives a value")
        case .literal(_, let at): throw JSONPathSyntaxError(position: at, message: "expected a comparison: a literal is not a test")
        }
    }

    /// An operand as a comparison's side: a literal, a singular query or a ValueType function.
    private func comparable(_ operand: Operand) throws(JSONPathSyntaxError) -> JSONPathComparable {
        switch operand {
        case .literal(let literal, _): return .literal(literal)
        case .query(let query, let at):
            guard query.isSingular else {
                throw JSONPathSyntaxError(position: at, message: "expected a singular query (names and indexes only) in a comparison")
            }
            return .query(query)
        case .function(let call, let at):
            guard !call.isLogical else { throw JSONPathSyntaxError(position: at, message: "expected a function that gives a value") }
            return .function(call)
        case .logical: throw JSONPathSyntaxError(position: position, message: "expected a literal, a singular query or a function")
        }
    }

    /// A ValueType argument.
    private func value(_ operand: Operand, of name: String) throws(JSONPathSyntaxError) -> JSONPathComparable {
        if case .logical = operand { throw JSONPathSyntaxError(position: position, message: "expected a value as \(name)()'s argument") }
        return try comparable(operand)
    }

    /// A NodesType argument: a query.
    private func nodes(_ operand: Operand, of name: String) throws(JSONPathSyntaxError) -> JSONPathFilterQuery {
        guard case .query(let query, _) = operand else {
            throw JSONPathSyntaxError(position: position, message: "expected a query as \(name)()'s argument")
        }
        return query
    }

    // MARK: - Literals

    /// A single- or double-quoted string with RFC 9535's escapes.
    private mutating func stringLiteral() throws(JSONPathSyntaxError) -> String {
        let quote = scalars[position]
        position += 1
        var text = ""
        while true {
            guard let scalar = peek else { throw expected("the closing \(quote == "'" ? "`'`" : "`\"`")") }
            position += 1
            if scalar == quote { return text }
            if scalar.value < 0x20 {
                position -= 1
                throw expected("an escape (`\\n`, `\\u0001`…) instead of a control character")
            }
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch peek {
            case "b": text.unicodeScalars.append("\u{08}")
            case "f": text.unicodeScalars.append("\u{0C}")
            case "n": text.unicodeScalars.append("\n")
            case "r": text.unicodeScalars.append("\r")
            case "t": text.unicodeScalars.append("\t")
            case "/", "\\": text.unicodeScalars.append(peek!)
            case let escaped? where escaped == quote: text.unicodeScalars.append(escaped)
            case "u":
                position += 1
                text.unicodeScalars.append(try unicodeEscape())
                continue
            default: throw expected("an escape: b, f, n, r, t, /, \\, u or the quote")
            }
            position += 1
        }
    }

    /// The 4 hex digits after `\u` (a surrogate pair as two escapes).
    private mutating func unicodeEscape() throws(JSONPathSyntaxError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xDC00...0xDFFF).contains(high) { throw expected("a high surrogate before a low one") }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard take("\\u") else { throw expected("`\\u` and a low surrogate") }
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw expected("a low surrogate") }
        return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))!
    }

    private mutating func hex4() throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Int(String(scalar), radix: 16) else { throw expected("4 hex digits after `\\u`") }
            value = value << 4 + UInt32(digit)
            position += 1
        }
        return value
    }

    /// `-`? int (or `-0`), then an optional fraction and exponent.
    private mutating func number() throws(JSONPathSyntaxError) -> Double {
        let start = position
        var text = ""
        func digits(_ parser: inout Self, into text: inout String) -> Int {
            var count = 0
            while let scalar = parser.peek, ("0"..."9").contains(scalar) {
                text.unicodeScalars.append(scalar)
                parser.position += 1
                count += 1
            }
            return count
        }
        if take("-") { text = "-" }
        let integerStart = position
        guard digits(&self, into: &text) > 0 else { throw expected("a digit") }
        if scalars[integerStart] == "0", position - integerStart > 1 {
            position = integerStart
            throw expected("a number without leading zeros")
        }
        if peek == "." {
            text += "."
            position += 1
            guard digits(&self, into: &text) > 0 else { throw expected("a digit after `.`") }
        }
        if peek == "e" || peek == "E" {
            text += "e"
            position += 1
            if let sign = peek, sign == "+" || sign == "-" {
                text.unicodeScalars.append(sign)
                position += 1
            }
            guard digits(&self, into: &text) > 0 else { throw expected("a digit in the exponent") }
        }
        guard let value = Double(text) else {
            position = start
            throw expected("a number")
        }
        return value
    }

    // MARK: - Lexing

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Runs `body` one level deeper, refusing queries nested past `maximumDepth`.
    private mutating func nested<T>(_ body: (inout Self) throws(JSONPathSyntaxError) -> T) throws(JSONPathSyntaxError) -> T {
        guard depth < Self.maximumDepth else { throw expected("at most \(Self.maximumDepth) nested filters, groups and calls") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func take(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        guard position + wanted.count <= scalars.count, Array(scalars[position..<position + wanted.count]) == wanted else { return false }
        position += wanted.count
        return true
    }

    private mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { position += 1 }
    }

    private func expected(_ what: String) -> JSONPathSyntaxError { JSONPathSyntaxError(position: position, message: "expected " + what) }

    /// ALPHA, `_` or any non-ASCII scalar: how a member name shorthand starts.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    private static func isFunctionNameFirst(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
}
