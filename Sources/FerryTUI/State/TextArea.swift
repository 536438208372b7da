/// A multi-line text being edited (the request body): lines of one-line fields and the current row.
public struct TextArea: Hashable, Sendable {
    public private(set) var lines: [TextField]
    public private(set) var row: Int

    public init(_ text: String = "") {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TextField(String($0)) }
        row = lines.count - 1
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }
    public var isEmpty: Bool { lines.count == 1 && lines[0].characters.isEmpty }

    /// Inserts text that may span lines (typing or a paste).
    public mutating func insert(_ text: String) {
        let parts = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if index > 0 { breakLine() }
            lines[row].insert(String(part))
        }
    }

    /// Applies an editing action; returns false when it is not one.
    @discardableResult
    public mutating func apply(_ action: Action) -> Bool {
        switch action {
        case .newline: breakLine()
        case .up: moveRow(by: -1)
        case .down: moveRow(by: 1)
        case .deleteBackward where lines[row].cursor == 0 && row > 0:
            let tail = lines.remove(at: row).text
            row -= 1
            lines[row].apply(.lineEnd)
            let joinAt = lines[row].cursor
            lines[row].insert(tail)
            lines[row] = Self.field(lines[row].text, cursor: joinAt)
        case .deleteForward where lines[row].cursor == lines[row].characters.count && row + 1 < lines.count:
            let next = lines.remove(at: row + 1).text
            let cursor = lines[row].cursor
            lines[row].insert(next)
            lines[row] = Self.field(lines[row].text, cursor: cursor)
        default:
            return lines[row].apply(action)
        }
        return true
    }

    private mutating func breakLine() {
        let field = lines[row]
        let head = String(field.characters[0..<field.cursor])
        let tail = String(field.characters[field.cursor...])
        lines[row] = TextField(head)
        lines.insert(Self.field(tail, cursor: 0), at: row + 1)
        row += 1
    }

    private mutating func moveRow(by delta: Int) {
        let column = lines[row].cursor
        row = min(max(0, row + delta), lines.count - 1)
        lines[row] = Self.field(lines[row].text, cursor: column)
    }

    private static func field(_ text: String, cursor: Int) -> TextField {
        var field = TextField(text)
        field.apply(.lineStart)
        for _ in 0..<min(cursor, field.characters.count) { field.apply(.cursorRight) }
        return field
    }
}
