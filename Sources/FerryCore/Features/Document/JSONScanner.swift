import Foundation

/// The state machine behind `JSONParser`: values, then what may follow them, with an explicit
/// stack of open containers instead of recursion. Tokens are read and validated by `JSONLexer`;
/// the open containers live in a fixed buffer, not an `Array`, so the loop has no reference counting.
struct JSONScanner: DocumentScanner {
    static let format = Document.Format.json
    static let bytesPerEntry = 6

    var table: NodeTable.Builder

    init(table: NodeTable.Builder) {
        self.table = table
    }

    /// Parses the whole buffer; returns the deepest nesting reached.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool) throws(DocumentParseError) -> Int {
        let lexer = JSONLexer(bytes, releasingPages: releasingPages), p = bytes, count = bytes.count
        // Where the pages behind the scan are next given back (never, unless the bytes are a mapping).
        var nextRelease = releasingPages ? JSONLexer.releaseInterval : Int.max
        let stack = UnsafeMutablePointer<UInt32>.allocate(capacity: JSONParser.maximumDepth)
        defer { stack.deallocate() }
        var depth = 0, deepest = 0
        var inObject = false
        var i = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        i = lexer.skipWhitespace(i)
        if i == count { throw lexer.failure(i, "the document is empty", expected: "a value") }
        values: while true {
            guard i < count else { throw lexer.valueExpected(i) }
            if i >= nextRelease {
                lexer.releasePages(before: i)
                nextRelease = i + JSONLexer.releaseInterval
            }
            switch p[i] {
            case UInt8(ascii: "\""):
                let end = try lexer.string(i)
                _ = table.append(NodeKind.string.rawValue, start: i, link: end)
                i = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let end = try lexer.number(i)
                _ = table.append(NodeKind.number.rawValue, start: i, link: end)
                i = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < JSONParser.maximumDepth else { throw lexer.tooDeep(i) }
                inObject = p[i] == UInt8(ascii: "{")
                stack[depth] = UInt32(
                    truncatingIfNeeded: table.append(inObject ? NodeKind.object.rawValue : NodeKind.array.rawValue, start: i, link: 0))
                depth += 1
                deepest = max(deepest, depth)
                i = lexer.skipWhitespace(i + 1)
                if i < count, p[i] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    (depth, inObject) = close(stack, depth, at: i)
                    i += 1
                } else {
                    if inObject { i = try lexer.member(i) }
                    continue values
                }
            case UInt8(ascii: "t"): i = try literal(lexer, i, "true", .bool)
            case UInt8(ascii: "f"): i = try literal(lexer, i, "false", .bool)
            case UInt8(ascii: "n"): i = try literal(lexer, i, "null", .null)
            default:
                throw lexer.valueExpected(i)
            }
            // After a value: a comma, the end of the enclosing container(s), or the end of input.
            while true {
                i = lexer.skipWhitespace(i)
                guard depth > 0, i < count else {
                    guard depth == 0, i == count else { throw lexer.afterValueProblem(i, inContainer: depth > 0, inObject: inObject) }
                    return deepest
                }
                if p[i] == UInt8(ascii: ",") {
                    i = lexer.skipWhitespace(i + 1)
                    if inObject { i = try lexer.member(i) }
                    continue values
                }
                guard p[i] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw lexer.afterValueProblem(i, inContainer: true, inObject: inObject)
                }
                (depth, inObject) = close(stack, depth, at: i)
                i += 1
            }
        }
    }

    /// Closes the innermost container at `offset`; returns the new depth and whether the container
    /// around it (if any) is an object.
    @inline(__always)
    private mutating func close(_ stack: UnsafeMutablePointer<UInt32>, _ depth: Int, at offset: Int) -> (Int, Bool) {
        table.close(Int(stack[depth - 1]), at: offset)
        return (depth - 1, depth > 1 && table.kinds[Int(stack[depth - 2])] == NodeKind.object.rawValue)
    }

    @inline(__always)
    private mutating func literal(
        _ lexer: JSONLexer, _ start: Int, _ word: StaticString, _ kind: NodeKind
    ) throws(DocumentParseError) -> Int {
        let end = try lexer.literal(start, word)
        _ = table.append(kind.rawValue, start: start, link: end)
        return end
    }
}
