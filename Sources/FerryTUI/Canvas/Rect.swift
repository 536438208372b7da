/// A rectangle of cells; layout is pure arithmetic on these.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Splits off the top `rows` rows: (top, rest).
    public func splitTop(_ rows: Int) -> (Rect, Rect) {
        let top = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top))
    }

    /// Splits off the bottom `rows` rows: (rest, bottom).
    public func splitBottom(_ rows: Int) -> (Rect, Rect) {
        let bottom = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - bottom), Rect(x: x, y: maxY - bottom, width: width, height: bottom))
    }

    /// Splits off the left `columns` columns: (left, rest).
    public func splitLeft(_ columns: Int) -> (Rect, Rect) {
        let left = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: left, height: height), Rect(x: x + left, y: y, width: width - left, height: height))
    }

    /// A rectangle of `size` centred in this one (clipped to it).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
