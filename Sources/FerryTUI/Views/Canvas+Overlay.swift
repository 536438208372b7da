extension Canvas {
    /// Clears `box` for an overlay and the ring of cells around it inside `area`, so no text of the
    /// panes under it is left touching its border.
    mutating func openOverlay(_ box: Rect, in area: Rect, theme: Theme) {
        let ring = Rect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2)
        let x = max(ring.x, area.x), y = max(ring.y, area.y)
        fill(Rect(x: x, y: y, width: min(ring.maxX, area.maxX) - x, height: min(ring.maxY, area.maxY) - y), style: theme[.base])
        fill(box, style: theme[.overlay])
    }
}
