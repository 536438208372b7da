/// A one-line text being edited: the text and a cursor counted in graphemes.
public struct TextField: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor, 0...characters.count.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    public mutating func insert(_ text: String) {
        let clean = text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        characters.insert(contentsOf: clean, at: cursor)
        cursor += clean.count
    }

    /// Applies an editing action; returns false when the action is not an edit of a line.
    @discardableResult
    public mutating func apply(_ action: Action) -> Bool {
        switch action {
        case .cursorLeft: cursor = max(0, cursor - 1)
        case .cursorRight: cursor = min(characters.count, cursor + 1)
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .deleteWordBackward:
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default: return false
        }
        return true
    }

    /// The visible slice for a field `width` columns wide, scrolled so the cursor shows:
    /// the text and the cursor's column within it.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        var start = 0
        var columnsBeforeCursor = characters[0..<cursor].reduce(0) { $0 + CharacterWidth.of($1) }
        while columnsBeforeCursor > width - 1, start < cursor {
            columnsBeforeCursor -= CharacterWidth.of(characters[start])
            start += 1
        }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let w = CharacterWidth.of(character)
            if used + w > width { break }
            shown.append(character)
            used += w
        }
        return (shown, columnsBeforeCursor)
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, isWordCharacter(characters[i]) { i += 1 }
        return i
    }
}
