import FerryTUI
import Testing

@Suite struct FuzzyMatchTests {
    @Test func matchesSubsequencesOnlyIgnoringCase() {
        #expect(FuzzyMatch.score("ntb", in: "nextTab") != nil)
        #expect(FuzzyMatch.score("NTB", in: "nextTab") != nil)
        #expect(FuzzyMatch.score("bt", in: "nextTab") == nil, "order matters")
        #expect(FuzzyMatch.score("nextTabs", in: "nextTab") == nil)
        #expect(FuzzyMatch.score("", in: "anything") == 0)
    }

    @Test func wordStartsAndRunsScoreHigher() throws {
        let wordStarts = try #require(FuzzyMatch.score("nt", in: "nextTab"))
        let inside = try #require(FuzzyMatch.score("nt", in: "content"))
        #expect(wordStarts > inside)
        let run = try #require(FuzzyMatch.score("tab", in: "xtabx"))
        let spread = try #require(FuzzyMatch.score("tab", in: "xtxaxb"))
        #expect(run > spread)
        // The best alignment wins, not the first: "st" at the start of "theme: solarized-dark" vs inside.
        let best = try #require(FuzzyMatch.score("sd", in: "theme: solarized-dark"))
        #expect(best == 2 * (FuzzyMatch.score("s", in: "s") ?? 0))
    }

    @Test func separatorsAndCaseChangesStartWords() {
        #expect(FuzzyMatch.score("d", in: "solarized-dark") == FuzzyMatch.score("d", in: "dark"))
        #expect(FuzzyMatch.score("t", in: "nextTab") == FuzzyMatch.score("t", in: "tab"))
        #expect(FuzzyMatch.score("a", in: "nextTab")! < FuzzyMatch.score("a", in: "tab aside")!)
    }
}
