/// A text with `{{name}}` placeholders, split into literal runs and variable names.
public struct Template: Sendable, Equatable {
    /// One piece of a template.
    public enum Piece: Sendable, Equatable {
        case text(String)
        case variable(String)
    }

    public let pieces: [Piece]

    /// Splits `text`; a `{{` without a closing `}}`, or with an empty name, stays literal text.
    public init(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            literal += rest[..<open.lowerBound]
            if name.isEmpty || name.contains("{") {
                literal += rest[open.lowerBound..<close.upperBound]
            } else {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.variable(name))
            }
            rest = rest[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The variable names used, in order of first appearance.
    public var variableNames: [String] {
        var seen: [String] = []
        for case .variable(let name) in pieces where !seen.contains(name) { seen.append(name) }
        return seen
    }
}
