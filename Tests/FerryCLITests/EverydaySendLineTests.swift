import ArgumentParser
import Testing

@testable import FerryCLI

/// `EverydaySendLine` reads a `ferry send` line as ArgumentParser does, or leaves it to the parser.
@Suite struct EverydaySendLineTests {
    /// Lines of the everyday shapes, each read by both: every option group must come out the same
    /// (a group option the shortcut left unset would show as a definition in the dump, not a value).
    @Test(arguments: [
        ["send", "http://127.0.0.1:8080/get"],
        ["send", "https://example.com/x?a=1&b=2", "-o", "/dev/null", "--no-history"],
        ["send", "-X", "POST", "http://h/p", "-H", "Content-Type: application/json", "-d", "{\"a\":1}", "-d", "b=2", "-i"],
        ["send", "--request", "PUT", "--header", "X: y", "--header", "Z:", "--data", "", "http://h", "--output", "out.bin"],
        ["send", "api/login.ferry.yaml", "--env", "local", "--var", "user=ann", "--var", "id=7", "--collection", "api"],
        ["send", "http://h", "--json", "-k", "--insecure", "--no-cookies", "--include", "--json"],
        ["send", "{{baseURL}}/get", "--no-history", "--env", "e"],
        ["send", "-sSL", "http://h", "-s", "--compressed", "-S", "--location"],
    ])
    func readsAsTheParserDoes(_ line: [String]) throws {
        let everyday = try #require(EverydaySendLine(line)?.command)
        let parsed = try #require(try FerryCommand.parseAsRoot(line) as? SendCommand)
        #expect(Self.dumped(everyday.options) == Self.dumped(parsed.options))
        #expect(Self.dumped(everyday.responseOptions) == Self.dumped(parsed.responseOptions))
        #expect(Self.dumped(everyday.sessionOptions) == Self.dumped(parsed.sessionOptions))
        #expect(Self.dumped(everyday.collectionOptions) == Self.dumped(parsed.collectionOptions))
        #expect(!Self.dumped(everyday.options).contains("definition"))
    }

    /// Lines the shortcut leaves to the parser: other commands, help, other flags, joined or `=` forms,
    /// a missing or flag-like value, a single-valued flag twice, two URLs, none.
    @Test(arguments: [
        ["run", "x"], ["--env", "e", "send", "http://h"], ["send", "--help"], ["send", "http://h", "-h"],
        ["send", "http://h", "--timeline"], ["send", "http://h", "-ik"], ["send", "http://h", "-sSf"], ["send", "http://h", "-"],
        ["send", "http://h", "--env=e"],
        ["send", "http://h", "-H"], ["send", "http://h", "-d", "-x"], ["send", "http://h", "-X", "GET", "-X", "PUT"],
        ["send", "http://h", "http://i"], ["send"], ["send", "--", "http://h"], ["send", "http://h", "-o", "a", "--output", "b"],
    ])
    func leavesOtherShapesToTheParser(_ line: [String]) {
        #expect(EverydaySendLine(line) == nil)
    }

    private static func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
