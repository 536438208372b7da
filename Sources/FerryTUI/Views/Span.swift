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
    /// `spans` cut to `columns` columns, the last one kept ending in `…` when any text was cut. Only
    /// as much of the text as could be shown is measured: a Raw line can be megabytes long.
    static func truncated(_ spans: [Span], to columns: Int) -> [Span] {
        guard !fits(spans, in: columns) else { return spans }
        var kept: [Span] = []
        var remaining = columns
        for span in spans {
            let head = String(span.text.prefix(remaining + 1))
            let width = CharacterWidth.of(head)
            guard width >= remaining else {
                kept.append(span)
                remaining -= width
                continue
            }
            // Text that just fills the room still loses its last column to the `…`: more follows it.
            kept.append(Span(CharacterWidth.truncated(head + "…", to: remaining), span.role))
            break
        }
        return kept
    }

    /// Whether `spans` take at most `columns` columns, measured no further than that.
    private static func fits(_ spans: [Span], in columns: Int) -> Bool {
        var used = 0
        for span in spans {
            for character in span.text {
                used += CharacterWidth.of(character)
                if used > columns { return false }
            }
        }
        return true
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
