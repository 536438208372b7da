/// One terminal cell: a grapheme, the columns it takes, and its style.
///
/// A wide grapheme occupies its cell and the next; the next cell is a continuation (`width` 0, empty text).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: Int
    public var style: Style

    public init(text: String = " ", width: Int = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
