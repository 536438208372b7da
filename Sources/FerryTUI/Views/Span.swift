/// A piece of text in one theme role; lines of spans are what the scrolling views show.
public struct Span: Hashable, Sendable {
    public var text: String
    public var role: Theme.Role

    public init(_ text: String, _ role: Theme.Role = .base) {
        self.text = text
        self.role = role
    }
}

extension Span {
    /// `spans` cut to `columns` columns, the last one kept ending in `…` when any text was cut.
    static func truncated(_ spans: [Span], to columns: Int) -> [Span] {
        guard CharacterWidth.of(spans.map(\.text).joined()) > columns else { return spans }
        var kept: [Span] = []
        var remaining = columns
        for span in spans {
            let width = CharacterWidth.of(span.text)
            guard width >= remaining else {
                kept.append(span)
                remaining -= width
                continue
            }
            // Text that just fills the room still loses its last column to the `…`: more follows it.
            kept.append(Span(CharacterWidth.truncated(span.text + "…", to: remaining), span.role))
            break
        }
        return kept
    }
}

extension Canvas {
    /// Writes a line of spans in `rect`'s row `row`, clipped (with `…` where it is cut when
    /// `ellipsis`), the rest blank in `base`.
    mutating func put(_ spans: [Span], in rect: Rect, row: Int, theme: Theme, ellipsis: Bool = false) {
        guard row < rect.height else { return }
        var x = rect.x
        for span in ellipsis ? Span.truncated(spans, to: rect.width) : spans where x < rect.maxX {
            x = put(span.text, x: x, y: rect.y + row, style: theme[span.role], maxX: rect.maxX)
        }
        if x < rect.maxX { fill(Rect(x: x, y: rect.y + row, width: rect.maxX - x, height: 1), style: theme[.base]) }
    }
}
