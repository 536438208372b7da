extension StringProtocol {
    /// The text's lines, empty ones kept, split at `\n` and at `\r\n`. Swift counts `\r\n` as one
    /// Character, so `split(separator: "\n")` leaves a file with Windows line ends as one line.
    public func splitLines() -> [SubSequence] {
        split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
