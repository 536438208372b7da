import FerryCore

/// A grid of cells that widgets draw into; the terminal paints only the cells that changed.
///
/// Text written here is always made terminal-safe first: control characters and escape sequences
/// become visible escapes (`\x1B`), so no byte from a response can reach the terminal raw.
public struct Canvas: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown, if anywhere.
    public var cursor: (x: Int, y: Int)? {
        get { cursorPosition.map { ($0 % max(1, width), $0 / max(1, width)) } }
        set { cursorPosition = newValue.map { $0.y * width + $0.x } }
    }
    private var cursorPosition: Int?

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(style: style), count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Fills `rect` with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                set(x, y, Cell(style: style))
            }
        }
    }

    /// Writes `text` at (x, y) without passing `maxX` (the canvas edge by default); returns the column after it.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, maxX: Int? = nil) -> Int {
        let limit = min(maxX ?? width, width)
        guard y >= 0, y < height else { return x }
        var column = x
        for character in TerminalSafeText.escaping(text) {
            let shown: Character = character == "\n" || character == "\t" ? " " : character
            let columns = CharacterWidth.of(shown)
            if columns == 0 {
                if column > 0, column <= limit, column > x { appendCombining(shown, x: column - 1, y: y) }
                continue
            }
            guard column + columns <= limit else {
                if column < limit, column >= 0 { set(column, y, Cell(text: " ", width: 1, style: style)) }
                return limit
            }
            if column >= 0 {
                set(column, y, Cell(text: String(shown), width: columns, style: style))
                if columns == 2 { set(column + 1, y, Cell(text: "", width: 0, style: style)) }
            }
            column += columns
        }
        return column
    }

    /// Writes `text` in `rect`'s first row, padded with blanks to the rect's width.
    public mutating func putLine(_ text: String, in rect: Rect, row: Int = 0, style: Style) {
        guard row < rect.height else { return }
        let end = put(text, x: rect.x, y: rect.y + row, style: style, maxX: rect.maxX)
        if end < rect.maxX { fill(Rect(x: end, y: rect.y + row, width: rect.maxX - end, height: 1), style: style) }
    }

    /// Changes the style of the cells in `rect`, keeping their text.
    public mutating func restyle(_ rect: Rect, style: Style) {
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                cells[y * width + x].style = style
            }
        }
    }

    /// The columns and rows of `rect` that lie on the canvas (empty ranges when none do).
    private func clipped(_ rect: Rect) -> (Range<Int>, Range<Int>) {
        let x0 = min(max(0, rect.x), width), y0 = min(max(0, rect.y), height)
        return (x0..<max(x0, min(width, rect.maxX)), y0..<max(y0, min(height, rect.maxY)))
    }

    /// The text of row `y`, wide graphemes once, trailing blanks removed: for snapshot tests.
    public func text(row y: Int) -> String {
        var line = ""
        for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text, joined by newlines.
    public var text: String { (0..<height).map { text(row: $0) }.joined(separator: "\n") }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let index = y * width + x
        // Overwriting half of a wide grapheme blanks the other half.
        if cells[index].width == 2, x + 1 < width, cell.width != 2 { cells[index + 1] = Cell(style: cells[index + 1].style) }
        if cells[index].isContinuation, !cell.isContinuation, x > 0 { cells[index - 1] = Cell(style: cells[index - 1].style) }
        cells[index] = cell
    }

    private mutating func appendCombining(_ mark: Character, x: Int, y: Int) {
        var base = x
        while base > 0, self[base, y].isContinuation { base -= 1 }
        cells[y * width + base].text.append(mark)
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells && lhs.cursorPosition == rhs.cursorPosition
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(cells)
    }
}
