import Testing

@testable import FerryInterop

/// Shell text as a POSIX shell splits it: what browsers' "Copy as cURL" and people paste.
@Suite struct ShellWordsTests {
    private func words(_ text: String) throws -> [[String]] {
        try ShellWords.commands(in: text).map(\.words)
    }

    @Test func quotesEscapesAndContinuations() throws {
        #expect(try words(#"curl 'a b' "c \"d\" \$e" f\ g"#) == [["curl", "a b", #"c "d" $e"#, "f g"]])
        #expect(try words("curl $'it\\'s\\n\\x41\\u00e9\\t' ''") == [["curl", "it's\nAé\t", ""]])
        #expect(try words("curl \\\n  -H 'X: 1' \\\r\n  http://h/") == [["curl", "-H", "X: 1", "http://h/"]])
        #expect(try words("curl -d \"a\\\nb\" x") == [["curl", "-d", "ab", "x"]], "a continuation inside double quotes")
        #expect(try words("curl a # a comment\ncurl b#c") == [["curl", "a"], ["curl", "b#c"]])
    }

    @Test func commandsEndAtSeparatorsAndKeepTheirLines() throws {
        let commands = try ShellWords.commands(in: "curl a; curl b && curl c\n\n# x\ncurl d | jq . || true &")
        #expect(commands.map(\.words) == [["curl", "a"], ["curl", "b"], ["curl", "c"], ["curl", "d"], ["jq", "."], ["true"]])
        #expect(commands.map(\.line) == [1, 1, 1, 4, 4, 4])
    }

    @Test func redirectionsGiveStandardInputAndAreNotWords() throws {
        let here = try ShellWords.commands(in: "curl -d @- x <<EOF > out.txt 2>/dev/null\n{\"a\": 1}\nline two\nEOF\ncurl y")
        #expect(here.map(\.words) == [["curl", "-d", "@-", "x"], ["curl", "y"]])
        #expect(here[0].standardInput == "{\"a\": 1}\nline two\n")
        let string = try ShellWords.commands(in: "curl x <<< 'hello'")
        #expect(string[0].standardInput == "hello\n")
        let file = try ShellWords.commands(in: "curl x < body.json")
        #expect(file[0].inputFile == "body.json")
        #expect(
            try words("curl x < `echo a b` $(printf '%s' c)") == [["curl", "x", "$(printf '%s' c)"]], "substitutions are kept, not run")
    }

    @Test func anOpenQuoteSaysWhereItOpened() {
        #expect(throws: ShellWords.UnterminatedQuote(line: 2, column: 9, quote: "'")) {
            try ShellWords.commands(in: "curl x\ncurl -H 'X: never closed")
        }
        #expect(throws: ShellWords.UnterminatedQuote.self) { try ShellWords.commands(in: "curl \"x") }
    }
}
