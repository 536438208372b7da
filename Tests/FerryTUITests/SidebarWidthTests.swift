import FerryCore
import FerryTUI
import Testing

/// The sidebar grows with the terminal, with `<`/`>` and by dragging its border (the width asked to
/// be remembered), and every cut name ends in `…`, with the selected request's whole name on the status line.
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

    @Test func angleBracketsResizeIt() {
        var state = state(width: 240, height: 70)
        let effects = state.update(.key(.character(">")))
        #expect(state.layout.sidebar.width == 52)
        guard case .rememberSidebarWidth(52)? = effects.first else {
            Issue.record("> asks for no width to be remembered: \(effects)")
            return
        }
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

    /// A press on the right border, a drag and a release: the border follows the pointer (within
    /// 30 to 60 columns) and the width is remembered once the button comes up, not before.
    @Test func draggingTheBorderResizesItAndRemembersTheWidth() {
        var state = state(width: 200, height: 50)
        let border = state.layout.sidebar.maxX - 1
        #expect(border == 39)
        #expect(state.update(.mouse(MouseEvent(.press, x: border, y: 10))).isEmpty)
        #expect(state.update(.mouse(MouseEvent(.motion, x: 50, y: 11))).isEmpty, "nothing is written while dragging")
        #expect(state.layout.sidebar.width == 51)
        #expect(rows(state)[0].hasPrefix("┌ Collection │"), "the sidebar is drawn at its new width")
        let effects = state.update(.mouse(MouseEvent(.release, x: 54, y: 12)))
        #expect(state.layout.sidebar.width == 55)
        guard case .rememberSidebarWidth(55)? = effects.first else {
            Issue.record("the release asks for no width to be remembered: \(effects)")
            return
        }
        _ = state.update(.mouse(MouseEvent(.press, x: 54, y: 12)))
        _ = state.update(.mouse(MouseEvent(.release, x: 3, y: 12)))
        #expect(state.layout.sidebar.width == 30, "not below 30 columns")
        _ = state.update(.mouse(MouseEvent(.press, x: 10, y: 12)))
        #expect(state.update(.mouse(MouseEvent(.release, x: 120, y: 12))).isEmpty, "a press inside the sidebar drags nothing")
        #expect(state.layout.sidebar.width == 30)
    }

    /// A click on the border that does not move it leaves the width a fifth of the terminal.
    @Test func aClickOnTheBorderChoosesNoWidth() {
        var state = state(width: 200, height: 50)
        _ = state.update(.mouse(MouseEvent(.press, x: 39, y: 10)))
        #expect(state.update(.mouse(MouseEvent(.release, x: 39, y: 10))).isEmpty)
        #expect(state.collection.sidebar?.chosenWidth == nil)
        _ = state.update(.resize(width: 240, height: 50))
        #expect(state.layout.sidebar.width == 48)
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
