import FerryTUI

/// A painted screen read back for assertions: its text, and which cells are painted in the style of
/// a theme role (the status colour, the selection, the active tab).
struct StyledScreen: CustomStringConvertible {
    let canvas: Canvas
    let theme: Theme

    /// Every row's text, trailing blanks removed.
    var text: String { canvas.text }

    /// The first row whose text contains `text`.
    func row(containing text: String) -> Int? {
        (0..<canvas.height).first { canvas.text(row: $0).contains(text) }
    }

    /// The texts of the runs of cells in row `y` painted in `role`'s style, left to right.
    func runs(_ role: Theme.Role, row y: Int) -> [String] {
        marked(row: y, role).split(separator: "⟦", omittingEmptySubsequences: false).dropFirst().map { String($0.prefix { $0 != "⟧" }) }
    }

    /// Row `y`'s text (from `columns`, all of them by default) with each run of cells painted in
    /// `role`'s style between ⟦ and ⟧, trailing blanks outside a run removed.
    func marked(row y: Int, _ role: Theme.Role, columns: Range<Int>? = nil) -> String {
        let style = theme[role]
        var line = ""
        var inRun = false
        for x in columns ?? 0..<canvas.width where !canvas[x, y].isContinuation {
            let cell = canvas[x, y]
            if (cell.style == style) != inRun {
                line += inRun ? "⟧" : "⟦"
                inRun.toggle()
            }
            line += cell.text
        }
        if inRun { line += "⟧" }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The part of the screen in `rect`, its rows marked as `marked(row:_:columns:)` marks them and
    /// joined by newlines.
    func marked(_ rect: Rect, _ role: Theme.Role) -> String {
        (rect.y..<rect.maxY).map { marked(row: $0, role, columns: rect.x..<rect.maxX) }.joined(separator: "\n")
    }

    var description: String { text }
}
