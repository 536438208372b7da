/// Terminal column widths of characters, computed in pure Swift from Unicode properties.
///
/// FerryTUI may not import the ncurses shim, so it cannot call `wcwidth`; this follows the same
/// rules glibc uses (East Asian Wide/Fullwidth and emoji presentation take two columns, combining
/// marks and format characters none), and a test checks it agrees with the shim's `wcwidth`.
public enum CharacterWidth {
    /// Columns one grapheme takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        if scalars.count > 1, scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
        return of(first)
    }

    /// Columns one scalar takes on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Columns a whole string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to `columns` columns, ending in `…` where it was cut: how every cut text is shown.
    public static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            used += of(character)
            if used > columns - 1 { break }
            kept.append(character)
        }
        return columns > 0 ? kept + "…" : ""
    }

    /// `text` cut (with `…`) or padded with blanks to exactly `columns` columns.
    public static func fitted(_ text: String, to columns: Int) -> String {
        let cut = truncated(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    /// East Asian Wide and Fullwidth blocks that are not emoji (those come from `isEmojiPresentation`).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
