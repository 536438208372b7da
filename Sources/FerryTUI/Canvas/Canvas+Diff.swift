extension Canvas {
    /// A horizontal run of cells to paint, starting at (x, y).
    public struct Run: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var cells: [Cell]
    }

    /// The runs of cells that differ from `previous` (everything when there is none or its size differs).
    /// A run never starts on the right half of a wide grapheme.
    public func changes(since previous: Canvas?) -> [Run] {
        let full = previous == nil || previous?.width != width || previous?.height != height
        var runs: [Run] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                guard full || self[x, y] != previous![x, y] else { x += 1; continue }
                var start = x
                while start > 0, self[start, y].isContinuation { start -= 1 }
                var end = x
                while end < width, full || self[end, y] != previous![end, y] || self[end, y].isContinuation { end += 1 }
                if let last = runs.last, last.y == y, last.x + last.cells.count > start { start = last.x + last.cells.count }
                if start < end { runs.append(Run(x: start, y: y, cells: (start..<end).map { self[$0, y] })) }
                x = end
            }
        }
        return runs
    }
}
