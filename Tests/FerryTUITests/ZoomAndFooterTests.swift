import FerryCore
import FerryTUI
import Testing

/// `z` gives the focused pane the whole screen; the footer shows an open overlay's own keys.
@Suite struct ZoomAndFooterTests {
    @Test func zoomGivesTheFocusedPaneTheScreenAndBack() {
        var state = Fixtures.state(width: 80, height: 24, answered: true)
        #expect(state.focus == .response)
        let normal = state.layout
        _ = state.update(.key(.character("z")))
        #expect(state.layout.requestPane.height == 0)
        #expect(state.layout.responsePane.height == normal.requestPane.height + normal.responsePane.height)
        #expect(!Screen.render(state).text(row: 2).contains("Params"), "the request tabs are not drawn")
        _ = state.update(.key(.character("z")))
        #expect(state.layout == normal)

        _ = state.update(.key(.character("3")))
        #expect(state.focus == .request)
        _ = state.update(.key(.character("z")))
        #expect(state.layout.responsePane.height == 0)
        #expect(Screen.render(state).text(row: 1).contains("Params"))
    }

    @Test func anOpenOverlayShowsItsOwnKeysInTheFooter() {
        var state = Fixtures.state(width: 100, height: 24, answered: true)
        let footer = { (state: AppState) in Screen.render(state).text(row: 23) }
        #expect(footer(state).contains("tab"), "\(footer(state))")
        _ = state.update(.key(.function(1)))
        #expect(state.overlays.showHelp)
        #expect(footer(state).contains("close") && !footer(state).contains("send"), "\(footer(state))")
        _ = state.update(.key(.escape))
        _ = state.update(.key(.control("p")))
        #expect(footer(state).contains("run") && footer(state).contains("close"), "\(footer(state))")
        _ = state.update(.key(.escape))
        _ = state.update(.sheet(Sheet(title: "curl command", lines: ["curl http://h/"])))
        #expect(footer(state).contains("scroll") && footer(state).contains("close"), "\(footer(state))")
    }
}
