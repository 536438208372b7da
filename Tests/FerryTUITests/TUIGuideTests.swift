import FerryTUI
import Foundation
import Testing

/// Documentation/tui.md is a newcomer's guide (issue 32, item 7 of Build): its prose stays short and
/// its key tables are the keymap's. `FERRY_WRITE_TUI_KEYS=1` (`make tui-keys`) writes the tables
/// made from the keymap into the guide instead of failing.
@Suite struct TUIGuideTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/tui.md")

    @Test func theKeyTablesAreTheKeymaps() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let made = KeyReference.filled(text, keymap: .default)
        if ProcessInfo.processInfo.environment["FERRY_WRITE_TUI_KEYS"] == "1", made != text {
            try made.write(to: Self.guide, atomically: true, encoding: .utf8)
            return
        }
        #expect(made == text, "tui.md's key tables differ from the keymap: run make tui-keys")
        // Every context the keymap binds keys in has its table.
        for context in KeyContext.allCases where Keymap.default.bindings.contains(where: { $0.context == context }) {
            #expect(text.contains("<!-- keys: \(context.rawValue) "), "tui.md has no table of \(context.rawValue)'s keys")
        }
    }

    /// At most 1,500 words besides the screen picture and the generated key tables.
    @Test func theProseIsShort() throws {
        var prose: [Substring] = []
        var skipping = false
        for line in try String(contentsOf: Self.guide, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("<!-- screen: begin") || line.hasPrefix("<!-- keys: ") && !line.hasPrefix("<!-- keys: end") {
                skipping = true
            } else if line.hasPrefix("<!-- screen: end") || line.hasPrefix("<!-- keys: end") {
                skipping = false
            } else if !skipping {
                prose.append(line)
            }
        }
        let words = prose.flatMap { $0.split(whereSeparator: \.isWhitespace) }.count
        #expect(words <= 1_500, "tui.md has \(words) words of prose")
    }

    @Test func aTableListsEachActionOnceWithAllItsKeys() {
        let keymap = Keymap(bindings: [
            KeyBinding(.character("j"), .browse, .down), KeyBinding(.character("k"), .browse, .up),
            KeyBinding(.down, .browse, .down), KeyBinding(.character("j"), .tree, .expandNode),
        ])
        #expect(
            KeyReference.table(keymap, context: .browse)
                == "| key | does |\n|---|---|\n| `j` `down` | \(Action.down.summary) |\n| `k` | \(Action.up.summary) |")
        let page = "intro\n<!-- keys: tree (generated) -->\nold\n<!-- keys: end -->\nafter"
        #expect(
            KeyReference.filled(page, keymap: keymap)
                == "intro\n<!-- keys: tree (generated) -->\n| key | does |\n|---|---|\n| `j` | \(Action.expandNode.summary) |\n"
                + "<!-- keys: end -->\nafter")
    }
}
