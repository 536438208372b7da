extension Frame {
    /// The tab whose title is drawn at column `x` of the frame's top border in `rect`, as `render` lays them out.
    func tab(atColumn x: Int, in rect: Rect) -> Int? {
        var start = rect.x + 1 + CharacterWidth.of(number.map { " \($0) " } ?? "")
        for (index, tab) in tabs.enumerated() {
            let end = start + CharacterWidth.of(" \(tab) ")
            if (start..<end).contains(x) { return index }
            start = end + 1
        }
        return nil
    }
}
