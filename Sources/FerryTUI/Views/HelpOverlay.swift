import Foundation

/// The `?`/F1 overlay: the keys of the room with the focus, from the keymap, nearest scope first.
struct HelpOverlay {
    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let lines = Self.lines(for: state)
        let box = Self.box(lines: lines.count, in: screen)
        canvas.openOverlay(box, in: screen, theme: theme)
        Frame(tabs: ["Keys: Esc or ? closes, j/k scroll"], active: 0, focused: true, number: nil).render(
            in: box, canvas: &canvas, theme: theme)
        let inner = box.inset(by: 1)
        let first = ResponsePaneView.clampedScroll(state.overlays.helpScroll, lines: lines.count, height: inner.height)
        for row in 0..<inner.height where first + row < lines.count {
            canvas.put(lines[first + row], in: inner, row: row, theme: theme, ellipsis: true)
        }
    }

    /// Where the help goes in `area`, for `lines` lines.
    static func box(lines: Int, in area: Rect) -> Rect {
        area.centered(width: min(76, area.width - 2), height: min(lines + 2, area.height - 2))
    }

    /// The keys that work in the room (and tab) with the focus, by the scope that binds them, nearest first.
    static func lines(for state: AppState) -> [[Span]] {
        let titles: [KeyContext: String] = [
            .global: "Everywhere", .browse: "Every pane but a text field", .line: "Text field (URL, a row, an option, a prompt)",
            .body: "Body editor", .request: "Method and request tabs", .response: "Response tabs", .raw: "Raw tab",
            .tree: "Tree tab", .sidebar: "Collection sidebar", .history: "History",
        ]
        var lines: [[Span]] = []
        for section in state.keymap.help(in: state.focusedContext, where: state.actsInFocusedTab) {
            if !lines.isEmpty { lines.append([]) }
            lines.append([Span(titles[section.context] ?? section.context.rawValue, .accent)])
            let keyWidth = min(24, (section.rows.map { CharacterWidth.of($0.keys) }.max() ?? 0) + 2)
            lines += section.rows.map {
                [
                    Span("  " + CharacterWidth.fitted($0.keys, to: keyWidth - 1) + " ", .footerKey),
                    Span($0.summary),
                ]
            }
        }
        return lines
    }
}
