import Testing

@testable import FerryCLI

/// `--theme` reaches the command that opens the TUI, wherever it stands on the command line.
@Suite struct ThemeOptionTests {
    @Test func theThemeReachesDemoViewAndTheRoot() throws {
        let demo = try #require(try FerryCommand.parseAsRoot(["demo", "--theme", "monochrome"]) as? DemoCommand)
        #expect(demo.themeOption.theme == "monochrome")
        let view = try #require(try FerryCommand.parseAsRoot(["view", "body.json", "--theme", "ferry-light"]) as? ViewCommand)
        #expect(view.themeOption.theme == "ferry-light")
        let root = try #require(try FerryCommand.parseAsRoot(["--theme", "solarized-dark"]) as? FerryCommand)
        #expect(root.themeOption.theme == "solarized-dark")
    }
}
