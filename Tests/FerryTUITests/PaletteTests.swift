import FerryCore
import FerryTUI
import Testing

/// The Ctrl-P palette: every action and theme, fuzzy filtering, running, closing.
@Suite struct PaletteTests {
    private func state() -> AppState {
        var state = AppState(width: 80, height: 24)
        state.themeNames = ["ferry-dark", "ferry-light", "solarized-dark"]
        return state
    }

    @Test func listsEveryActionWithItsKeysAndEveryTheme() throws {
        var state = state()
        _ = press(.control("p"), in: &state)
        #expect(state.overlays.palette != nil)
        let entries = state.paletteEntries
        #expect(entries.count == Action.allCases.count - 1 + 3, "every action but the palette itself, and the themes")
        let send = try #require(entries.first { $0.command == .action(.send) })
        #expect(send.keys == "ctrl-r enter")
        #expect(send.summary == Action.send.summary)
        #expect(entries.suffix(3).map(\.title) == ["theme: ferry-dark", "theme: ferry-light", "theme: solarized-dark"])
    }

    @Test func typingFiltersAndEnterRunsTheBestMatch() {
        var state = state()
        type("http://h/", in: &state)
        _ = press(.control("p"), in: &state)
        type("focreq", in: &state)
        #expect(state.paletteEntries.first?.command == .action(.focusRequest))
        #expect(state.editor.url.text == "http://h/", "typing goes to the palette, not the URL")
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.palette == nil)
        #expect(state.focus == .request)

        _ = press(.control("p"), in: &state)
        type("nexttab", in: &state)
        _ = press(.enter, in: &state)
        #expect(state.requestTab == .body, "the action runs where the focus is")
    }

    @Test func themesSwitchThroughAnEffectAndApplyWhenLoaded() {
        var state = state()
        _ = press(.control("p"), in: &state)
        type("sol", in: &state)
        #expect(state.paletteEntries.first?.title == "theme: solarized-dark")
        let effects = press(.enter, in: &state)
        guard case .loadTheme("solarized-dark")? = effects.first else { Issue.record("no theme effect: \(effects)"); return }
        _ = state.update(.themeLoaded(Theme(name: "solarized-dark", styles: [:])))
        #expect(state.theme.name == "solarized-dark")
        #expect(state.notice == "theme: solarized-dark")
    }

    @Test func arrowsSelectEscClosesAndQuitKeysAreNotTyped() {
        var state = state()
        _ = press(.control("p"), in: &state)
        type("theme", in: &state)
        let titles = state.paletteEntries.map(\.title)
        #expect(titles.prefix(3) == ["theme: ferry-dark", "theme: ferry-light", "theme: solarized-dark"])
        _ = press(.up, in: &state)
        #expect(state.overlays.palette?.selection == 0)
        _ = press(.down, .down, .down, .up, in: &state)
        #expect(state.overlays.palette?.selection == 2)
        _ = press(.pageDown, .pageDown, .pageDown, in: &state)
        #expect(state.overlays.palette?.selection == state.paletteEntries.count - 1)
        _ = press(.backspace, in: &state)
        #expect(state.overlays.palette?.query.text == "them")
        #expect(state.overlays.palette?.selection == 0, "editing the query selects the best match again")
        type("zzz", in: &state)
        #expect(state.paletteEntries.isEmpty)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(state.overlays.palette == nil)

        _ = press(.control("p"), in: &state)
        type("q", in: &state)
        #expect(!state.isQuitting)
        _ = press(.escape, in: &state)
        #expect(state.overlays.palette == nil)
        #expect(!state.isQuitting)
    }
}
