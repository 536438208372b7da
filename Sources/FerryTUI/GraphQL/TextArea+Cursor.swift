extension TextArea {
    /// The text from the start to the cursor.
    public var textBeforeCursor: String {
        (lines[..<row].map(\.text) + [String(lines[row].characters[..<lines[row].cursor])]).joined(separator: "\n")
    }
}
