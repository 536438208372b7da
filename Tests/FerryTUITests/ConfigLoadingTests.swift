import FerryApp
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

@Suite struct ConfigLoadingTests {
    @Test func everyBuiltInThemeLoadsWithEveryRole() throws {
        let directory = try TemporaryDirectory()
        let loader = ThemeLoader(userDirectory: directory.path)
        #expect(loader.builtinDirectory != nil, "the Themes resource is bundled")
        for name in ["ferry-dark", "ferry-light", "solarized-dark", "high-contrast", "monochrome"] {
            let (theme, problems) = loader.load(name)
            #expect(problems.isEmpty, "\(name): \(problems)")
            #expect(theme.name == name)
            #expect(Set(theme.styles.keys) == Set(Theme.Role.allCases), "\(name) sets every role")
        }
        #expect(loader.load(nil).theme.name == "ferry-dark")
        #expect(loader.load("monochrome").theme.styles.values.allSatisfy { $0.foreground == .default && $0.background == .default })
    }

    @Test func aBrokenThemeNamesFileLineAndKeyAndFallsBackToTheDefault() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("broken.yaml", Data("name: broken\nstyles:\n  base: { fg: 252 }\n  accent:\n    fg: 300\n".utf8))
        let loader = ThemeLoader(userDirectory: directory.path)
        let (theme, problems) = loader.load("broken")
        #expect(theme.name == "ferry-dark")
        #expect(
            problems.map(\.description) == [
                "\(path):5: styles.accent.fg: '300' is not a colour (default, a name like red or bright-blue, or 0-255)"
            ])
    }

    @Test func unknownRolesInvalidYAMLAndMissingThemesAreReported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("role.yaml", Data("styles:\n  bass: { fg: 1 }\n".utf8))
        _ = try directory.write("syntax.yaml", Data("styles: [unclosed\n".utf8))
        let loader = ThemeLoader(userDirectory: directory.path)
        #expect(loader.load("role").problems.first?.key == "styles.bass")
        #expect(loader.load("role").problems.first?.line == 2)
        #expect(loader.load("syntax").problems.first?.message.contains("not valid YAML") == true)
        #expect(loader.load("nope").problems.first?.message.contains("no such theme") == true)
    }

    @Test func aUserThemeWinsOverABuiltInOne() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("ferry-light.yaml", Data("name: my-light\nstyles:\n  base: { fg: red, bold: true }\n".utf8))
        let theme = ThemeLoader(userDirectory: directory.path).load("ferry-light").theme
        #expect(theme.name == "my-light")
        #expect(theme[.accent] == Style(foreground: .indexed(1), bold: true), "a role left out looks like base")
    }

    @Test func aUserKeymapRebindsKeys() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("keymap.yaml", Data("send: [ctrl-s, f5]\nbrowse.quit: x\n".utf8))
        let (keymap, problems) = KeymapLoader.load(path: path)
        #expect(problems.isEmpty)
        #expect(keymap.action(for: .function(5), in: .browse) == .send)
        #expect(keymap.action(for: .control("s"), in: .line) == .send)
        #expect(keymap.action(for: .enter, in: .line) == nil, "send's line binding (Enter) was replaced too")
        #expect(keymap.action(for: .character("x"), in: .browse) == .quit)
    }

    @Test func aBrokenKeymapKeepsTheDefaults() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("keymap.yaml", Data("send: ctrl-r\nquit: hyper-q\n".utf8))
        let (keymap, problems) = KeymapLoader.load(path: path)
        #expect(keymap == .default)
        #expect(problems.map(\.description) == ["\(path):2: quit: 'hyper-q' is not a key (like q, ctrl-r, f5, shift-tab, enter, esc)"])
    }

    @Test func configChoosesTheThemeAndReportsUnknownSettings() throws {
        let directory = try TemporaryDirectory()
        #expect(Settings.load(path: directory.file("config.yaml")) == (Settings(), []), "no file: the defaults")
        let good = try directory.write("config.yaml", Data("theme: solarized-dark\n".utf8))
        #expect(Settings.load(path: good).settings.theme == "solarized-dark")
        let broken = try directory.write("broken.yaml", Data("theme: solarized-dark\ncolour: blue\n".utf8))
        let (settings, problems) = Settings.load(path: broken)
        #expect(settings == Settings())
        #expect(problems.map(\.line) == [2])
        #expect(problems.map(\.key) == ["colour"])
    }
}
