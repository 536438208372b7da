import Foundation

/// The `?`/F1 overlay: every binding of the keymap, by context.
struct HelpOverlay {
    func render(_ state: AppState, in screen: Rect, canvas: inout Canvas) {
        let theme = state.theme
        let lines = Self.lines(state.keymap)
        let box = screen.centered(width: min(76, screen.width - 2), height: min(lines.count + 2, screen.height - 2))
        canvas.fill(box, style: theme[.overlay])
        Frame(tabs: ["Keys: Esc or ? closes, j/k scroll"], active: 0, focused: true, number: nil).render(
            in: box, canvas: &canvas, theme: theme)
        let inner = box.inset(by: 1)
        let first = ResponsePaneView.clampedScroll(state.overlays.helpScroll, lines: lines.count, height: inner.height)
        for row in 0..<inner.height where first + row < lines.count {
            canvas.put(lines[first + row], in: inner, row: row, theme: theme, ellipsis: true)
        }
    }

    static func lines(_ keymap: Keymap) -> [[Span]] {
        let titles: [KeyContext: String] = [
            .global: "Everywhere", .browse: "Panes", .line: "Text fields (URL, a header row, an option)", .body: "Body editor",
            .tree: "Tree tab (other keys as in Panes)", .sidebar: "Collection sidebar (other keys as in Panes)",
        ]
        var lines: [[Span]] = []
        for section in keymap.helpSections {
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
