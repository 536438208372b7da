/// Where a cursor is in a GraphQL document being written (which may not parse yet): the
/// operation, and the selection sets around it from the outside in, read with a small scanner
/// that skips strings, comments, arguments and variable definitions.
public struct GraphQLCursorScope: Sendable, Equatable {
    /// What opened one selection set.
    public enum Step: Sendable, Equatable {
        /// The root of an operation: `query`, `mutation` or `subscription`.
        case operation(String)
        /// A field's selection (`user {`, `me: user(id: 1) @include(if: $x) {`).
        case field(String)
        /// A fragment or inline fragment on a type (`... on User {`, `fragment F on User {`).
        case type(String)
    }

    /// The selection sets that hold the cursor, outermost first; empty outside any.
    public var steps: [Step]
    /// The name being typed right before the cursor (the completion's prefix).
    public var prefix: String

    /// The scope at the end of `text`, the document up to the cursor.
    public init(before text: String) {
        let text = Array(text.unicodeScalars)
        var steps: [Step] = []
        var pending: [String] = []
        var index = 0
        var parenthesisDepth = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "#" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if scalar == "\"" {
                index = Self.endOfString(text, from: index)
                continue
            } else if scalar == "(" {
                parenthesisDepth += 1
            } else if scalar == ")" {
                parenthesisDepth = max(0, parenthesisDepth - 1)
            } else if parenthesisDepth > 0 {
                // arguments and variable definitions hold no selections
            } else if scalar == "{" {
                steps.append(Self.step(opening: pending, nested: !steps.isEmpty))
                pending = []
            } else if scalar == "}" {
                _ = steps.popLast()
                pending = []
            } else if Self.isNameStart(scalar) {
                var end = index
                while end < text.count, Self.isNamePart(text[end]) { end += 1 }
                pending.append(String(String.UnicodeScalarView(text[index..<end])))
                index = end
                continue
            } else if scalar == "@" || scalar == ":" {
                pending.append(String(scalar))
            }
            index += 1
        }
        self.steps = steps
        var start = text.count
        while start > 0, Self.isNamePart(text[start - 1]) { start -= 1 }
        prefix = String(String.UnicodeScalarView(text[start...]))
    }

    /// The step a `{` opens, from the tokens since the last brace.
    private static func step(opening tokens: [String], nested: Bool) -> Step {
        if let on = tokens.lastIndex(of: "on"), on + 1 < tokens.count, on + 2 == tokens.count || tokens[on + 2] == "@" {
            return .type(tokens[on + 1])
        }
        guard nested else {
            let keyword = tokens.first { ["query", "mutation", "subscription"].contains($0) }
            return .operation(keyword ?? "query")
        }
        // The last name that is not a directive's: `alias: field @skip(if: $x)` names `field`.
        var field = ""
        for (position, token) in tokens.enumerated() where isNameStart(token.unicodeScalars.first ?? " ") {
            if position == 0 || tokens[position - 1] != "@" { field = token }
        }
        return .field(field)
    }

    /// The index after the string starting at `start` (block strings `"""…"""` too).
    private static func endOfString(_ text: [Unicode.Scalar], from start: Int) -> Int {
        let block = start + 2 < text.count && text[start + 1] == "\"" && text[start + 2] == "\""
        var index = start + (block ? 3 : 1)
        while index < text.count {
            if text[index] == "\\" {
                index += 2
                continue
            }
            if block, index + 2 < text.count, text[index] == "\"", text[index + 1] == "\"", text[index + 2] == "\"" { return index + 3 }
            if !block, text[index] == "\"" || text[index] == "\n" { return index + 1 }
            index += 1
        }
        return index
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
}
