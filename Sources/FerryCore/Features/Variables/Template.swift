/// A text with `{{name}}` placeholders, split into literal runs and variable names.
public struct Template: Sendable, Equatable {
    /// One piece of a template.
    public enum Piece: Sendable, Equatable {
        case text(String)
        case variable(String)
    }

    public let pieces: [Piece]

    /// Splits `text`; a `{{` without a closing `}}`, or with an empty name, stays literal text.
    /// Scans UTF-8 bytes (every request of a run renders a dozen templates).
    public init(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        let utf8 = text.utf8
        let scalars = text.unicodeScalars  // slices on scalar boundaries, never rounded to a Character's
        var rest = utf8.startIndex
        while let open = Self.find(UInt8(ascii: "{"), twiceIn: utf8, from: rest) {
            let nameStart = utf8.index(open, offsetBy: 2)
            guard let close = Self.find(UInt8(ascii: "}"), twiceIn: utf8, from: nameStart) else { break }
            let name = Substring(scalars[nameStart..<close]).trimmingWhitespace()
            let after = utf8.index(close, offsetBy: 2)
            literal += Substring(scalars[rest..<open])
            if name.isEmpty || name.utf8.contains(UInt8(ascii: "{")) {
                literal += Substring(scalars[open..<after])
            } else {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.variable(name))
            }
            rest = after
        }
        literal += Substring(scalars[rest...])
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The variable names used, in order of first appearance.
    public var variableNames: [String] {
        var seen: [String] = []
        for case .variable(let name) in pieces where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// Where `byte` first appears twice in a row at or after `start`.
    private static func find(_ byte: UInt8, twiceIn utf8: String.UTF8View, from start: String.Index) -> String.Index? {
        var index = start
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == byte, next < utf8.endIndex, utf8[next] == byte { return index }
            index = next
        }
        return nil
    }
}
