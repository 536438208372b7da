import ArgumentParser
import Testing

@testable import FerryCLI

/// `EverydayRunLine` reads a `ferry run` line as ArgumentParser does, or leaves it to the parser.
@Suite struct EverydayRunLineTests {
    /// Lines of the everyday shapes, each read by both: the whole command must come out the same (an
    /// option the shortcut left unset would show as a definition in the dump, not a value), but for
    /// the option groups' help titles, which the parser's copy does not keep.
    @Test(arguments: [
        ["run"],
        ["run", "suite", "--var", "baseURL=http://127.0.0.1:8080", "--no-history"],
        ["run", "api", "api/users/get.ferry.yaml", "--env", "local", "--var", "a=1", "--var", "b=2", "--collection", "api"],
        ["run", "--reporter", "json", "--dry-run", "checks", "--no-cookies"],
        ["run", "--bail", "--continue-on-error", "--reporter", "junit", "x", "--no-history", "--no-history"],
        ["run", "--reporter", "tap", "--env", "e", "."],
        ["run", "suite", "--openapi", "spec.yaml", "--no-history"],
    ])
    func readsAsTheParserDoes(_ line: [String]) throws {
        let everyday = try #require(EverydayRunLine(line)?.command)
        let parsed = try #require(try FerryCommand.parseAsRoot(line) as? RunCommand)
        #expect(Self.dumped(everyday) == Self.dumped(parsed))
        #expect(!Self.dumped(everyday).contains("definition"))
    }

    /// Lines the shortcut leaves to the parser: other commands, help, other flags, `=` forms, a
    /// missing or flag-like value, an unknown reporter, a single-valued flag twice, a line the
    /// parser's validation refuses.
    @Test(arguments: [
        ["send", "x"], ["--env", "e", "run", "x"], ["run", "--help"], ["run", "x", "-h"], ["run", "x", "--jobs", "2"],
        ["run", "x", "--env=e"], ["run", "x", "--var"], ["run", "x", "--var", "-a"], ["run", "x", "--reporter", "html"],
        ["run", "x", "--env", "a", "--env", "b"], ["run", "x", "--openapi", "a", "--openapi", "b"], ["run", "x", "--openapi"],
        ["run", "x", "--reporter", "json", "--reporter", "tap"],
        ["run", "--dry-run", "--reporter", "junit"], ["run", "--", "x"], ["run", "x", "-"],
    ])
    func leavesOtherShapesToTheParser(_ line: [String]) {
        #expect(EverydayRunLine(line)?.command == nil)
    }

    private static func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n").filter { !$0.hasPrefix("    - title: ") }.joined(separator: "\n")
    }
}
