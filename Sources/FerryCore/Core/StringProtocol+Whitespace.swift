extension StringProtocol {
    /// Without the tabs and space separators at either end (what Foundation calls `.whitespaces`), in
    /// Swift alone: Foundation's `trimmingCharacters(in:)` goes through NSString on Linux, a cost paid
    /// on every response head and every URL of a run.
    public func trimmingWhitespace() -> String {
        // Most texts begin and end with a visible ASCII character: nothing to look up, trim or copy.
        let bytes = Substring(self).utf8
        if let head = bytes.first, let tail = bytes.last, (0x21...0x7E).contains(head), (0x21...0x7E).contains(tail) { return String(self) }
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
