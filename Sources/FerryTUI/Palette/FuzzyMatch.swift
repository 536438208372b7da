/// Subsequence matching for the command palette: every query character must appear in order;
/// matches at word starts and runs of consecutive characters score higher.
public enum FuzzyMatch {
    static let matchScore = 1
    static let wordStartBonus = 8
    static let consecutiveBonus = 5

    /// The best score of `query` in `candidate` (case-insensitive), nil when it is not a subsequence.
    /// An empty query matches everything with 0.
    public static func score(_ query: String, in candidate: String) -> Int? {
        let needle = Array(query.lowercased())
        let original = Array(candidate)
        let haystack = original.map { Character($0.lowercased()) }
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= haystack.count else { return nil }
        // best[j]: the best score with the current query character matched at candidate index j.
        var previous = [Int?](repeating: nil, count: haystack.count)
        for (i, wanted) in needle.enumerated() {
            var current = [Int?](repeating: nil, count: haystack.count)
            var bestBefore: Int? = i == 0 ? 0 : nil
            for j in haystack.indices {
                if haystack[j] == wanted {
                    let bonus = matchScore + (isWordStart(j, in: original) ? wordStartBonus : 0)
                    let afterGap = bestBefore.map { $0 + bonus }
                    let afterRun = j > 0 ? previous[j - 1].map { $0 + bonus + consecutiveBonus } : nil
                    current[j] = [afterGap, afterRun].compactMap { $0 }.max()
                }
                if i > 0, let score = previous[j] { bestBefore = max(bestBefore ?? score, score) }
            }
            previous = current
        }
        return previous.compactMap { $0 }.max()
    }

    /// True at the start of the text, after a separator, and at a lower-to-upper case change (`nextTab`).
    static func isWordStart(_ index: Int, in text: [Character]) -> Bool {
        guard index > 0 else { return true }
        let before = text[index - 1]
        if !(before.isLetter || before.isNumber) { return true }
        return before.isLowercase && text[index].isUppercase
    }
}
