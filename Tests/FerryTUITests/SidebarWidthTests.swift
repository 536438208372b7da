import FerryCore
import FerryTUI
import Testing

/// The sidebar grows with the terminal and with `<`/`>`, and every cut name ends in `…`, with the
/// selected request's whole name on the status line.
@Suite struct SidebarWidthTests {
    private static let long = "basic auth with a user name and a password from the environment"

    private func state(width: Int, height: Int) -> AppState {
        var state = AppState(width: width, height: height)
        state.collection.sidebar = Sidebar()
        let description = RequestDescription(method: .get, url: "{{baseURL}}/basic-auth")
        let request = RequestSource(title: Self.long, description: description, root: "/c")
        let items = [CollectionItem(path: "auth/basic.ferry.yaml", request: request)]
        _ = state.update(.collectionLoaded(items, environments: [], changed: []))
        state.focus = .sidebar
        state.collection.sidebar!.selection = 1
        return state
    }

    private func rows(_ state: AppState) -> [String] {
        let canvas = Screen.render(state)
        return (0..<state.height).map { canvas.text(row: $0) }
    }

    @Test func theWidthIsAFifthOfTheTerminalFrom30To60() {
        #expect(state(width: 100, height: 24).layout.sidebar.width == 30)
        #expect(state(width: 240, height: 70).layout.sidebar.width == 48)
        #expect(state(width: 400, height: 70).layout.sidebar.width == 60)
        #expect(state(width: 80, height: 24).layout.sidebar.width == 0, "below 90 columns the editor keeps its room")
    }

    @Test func angleBracketsResizeItForTheSession() {
        var state = state(width: 240, height: 70)
        _ = state.update(.key(.character(">")))
        #expect(state.layout.sidebar.width == 52)
        for _ in 0..<10 { _ = state.update(.key(.character(">"))) }
        #expect(state.layout.sidebar.width == 60)
        _ = state.update(.key(.character("<")))
        _ = state.update(.resize(width: 100, height: 24))
        #expect(state.layout.sidebar.width == 40, "the chosen 56 columns leave the editor its 60")
        _ = state.update(.resize(width: 240, height: 70))
        #expect(state.layout.sidebar.width == 56, "and come back with the room")
        state.focus = .request
        state.requestTab = .params
        #expect(state.context == .request, "outside the sidebar > and < nest parameters as before")
    }

    /// Snapshot at 100×24 (80 hides the sidebar): the name is cut with `…`, whole on the status line.
    @Test func aCutNameEndsInAnEllipsisAndIsWholeOnTheStatusLine() {
        let small = rows(state(width: 100, height: 24))
        #expect(small[2].hasPrefix("│   GET    basic auth with a…│"), "\(small[2])")
        #expect(small[22].contains("▸ \(Self.long) (auth/basic.ferry.yaml)"), "\(small[22])")
        let large = rows(state(width: 240, height: 70))
        #expect(large[2].hasPrefix("│   GET    basic auth with a user name and a p…│"), "\(large[2])")
        #expect(large[68].contains("▸ \(Self.long) (auth/basic.ferry.yaml)"))
        let narrow = rows(state(width: 80, height: 24))
        #expect(!narrow[2].contains("│   GET"), "no sidebar at 80 columns")
        #expect(narrow[22].hasSuffix("…") == false || CharacterWidth.of(narrow[22]) == 80)
    }

    @Test func theStatusLineIsCutWithAnEllipsis() {
        var state = AppState(width: 80, height: 24)
        _ = state.update(.notice(String(repeating: "x", count: 200)))
        let status = Screen.render(state).text(row: state.layout.statusLine.y)
        #expect(status.hasSuffix("x…"), "\(status)")
        #expect(CharacterWidth.of(status) == 80)
    }

    @Test func truncatedCutsToDisplayColumns() {
        #expect(CharacterWidth.truncated("basic auth", to: 20) == "basic auth")
        #expect(CharacterWidth.truncated("basic auth", to: 6) == "basic…")
        #expect(CharacterWidth.truncated("渡し船です", to: 6) == "渡し…", "wide characters count two columns")
        #expect(CharacterWidth.truncated("渡し船です", to: 5) == "渡し…")
        #expect(CharacterWidth.fitted("ab", to: 4) == "ab  ")
        #expect(CharacterWidth.truncated("abc", to: 0) == "")
    }
}
