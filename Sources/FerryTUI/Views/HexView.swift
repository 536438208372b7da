import FerryCore

/// The Hex tab: `hexdump -C` rows (offset, 16 bytes, ASCII) read only for the rows on screen, with
/// the marked bytes (the Tree selection, a search match, a jumped-to byte) highlighted.
enum HexView {
    static func lines(_ bytes: BodyBytes, mark: Range<Int64>?) -> ResponseContent.Lines {
        let dump = bytes.dump
        return ResponseContent.Lines(count: Int(dump.rowCount)) { index in
            guard let row = try? dump.rows(from: Int64(index), count: 1).first else {
                return [Span("(the body could not be read)", .error)]
            }
            return spans(row, mark: mark)
        }
    }

    /// One row as spans: marked bytes in `selection`, in both the hex and the ASCII columns.
    static func spans(_ row: HexDump.Row, mark: Range<Int64>?) -> [Span] {
        func marked(_ index: Int) -> Bool { index < row.bytes.count && mark?.contains(row.offset + Int64(index)) == true }
        func role(_ isMarked: Bool) -> Theme.Role { isMarked ? .selection : .base }
        var spans = [Span(String(row.rendered.prefix { $0 != " " }) + "  ", .muted)]
        let hex = Array(row.hex)
        for index in 0..<HexDump.bytesPerRow {
            let start = column(of: index)
            let end = index + 1 < HexDump.bytesPerRow ? column(of: index + 1) : hex.count
            append(String(hex[start..<start + 2]), role(marked(index)), to: &spans)
            append(String(hex[start + 2..<end]), role(marked(index) && marked(index + 1)), to: &spans)
        }
        append("  |", .base, to: &spans)
        for (index, character) in row.ascii.enumerated() { append(String(character), role(marked(index)), to: &spans) }
        append("|", .base, to: &spans)
        return spans
    }

    /// Where byte `index` starts in `Row.hex`: three columns a byte, one more after the eighth.
    private static func column(of index: Int) -> Int { index * 3 + (index >= 8 ? 1 : 0) }

    /// Appends text, joining it to the last span when the role is the same.
    private static func append(_ text: String, _ role: Theme.Role, to spans: inout [Span]) {
        if spans.last?.role == role { spans[spans.count - 1].text += text } else { spans.append(Span(text, role)) }
    }
}
