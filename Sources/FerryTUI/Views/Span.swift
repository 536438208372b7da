/// A piece of text in one theme role; lines of spans are what the scrolling views show.
public struct Span: Hashable, Sendable {
    public var text: String
    public var role: Theme.Role

    public init(_ text: String, _ role: Theme.Role = .base) {
        self.text = text
        self.role = role
    }
}

extension Canvas {
    /// Writes a line of spans in `rect`'s row `row`, clipped, the rest blank in `base`.
    mutating func put(_ spans: [Span], in rect: Rect, row: Int, theme: Theme) {
        guard row < rect.height else { return }
        var x = rect.x
        for span in spans where x < rect.maxX {
            x = put(span.text, x: x, y: rect.y + row, style: theme[span.role], maxX: rect.maxX)
        }
        if x < rect.maxX { fill(Rect(x: x, y: rect.y + row, width: rect.maxX - x, height: 1), style: theme[.base]) }
    }
}
