/// How a cell looks: colours and attributes, independent of any terminal library.
public struct Style: Hashable, Sendable {
    /// A terminal colour: the terminal's default, or one of the 256 indexed colours.
    public enum Color: Hashable, Sendable {
        case `default`
        case indexed(UInt8)
    }

    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false,
        dim: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()
}

extension Style.Color {
    /// The nearest colour a terminal with `colors` colours can show (8 or 16: the basic ones).
    public func reduced(toColors colors: Int) -> Style.Color {
        guard case .indexed(let index) = self, Int(index) >= colors else { return self }
        switch index {
        case 8..<16:
            return .indexed(index - 8)
        case 16..<232:
            let cube = Int(index) - 16
            let (r, g, b) = (cube / 36, cube / 6 % 6, cube % 6)
            let basic = (r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0)
            return .indexed(UInt8(basic == 0 && max(r, g, b) >= 2 ? 7 : basic))
        default:
            return .indexed(index < 244 ? 0 : 7)
        }
    }
}
