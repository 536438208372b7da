import FerryCore
import FerryTUI
import Testing

/// Clicks and the wheel as pure messages: hit testing against the layout.
@Suite struct MouseTests {
    private func click(_ x: Int, _ y: Int, in state: inout AppState) {
        _ = state.update(.mouse(MouseEvent(.press, x: x, y: y)))
    }

    @Test func clicksFocusThePaneUnderThemAndPickTabs() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        let layout = state.layout
        #expect(state.focus == .url)
        click(2, 0, in: &state)
        #expect(state.focus == .method)
        click(30, 0, in: &state)
        #expect(state.focus == .url)
        click(10, layout.requestPane.y + 2, in: &state)
        #expect(state.focus == .request)
        // " 3 " then " Headers │ Body │": column 17 is inside " Body ".
        let row = Screen.render(state).text(row: layout.requestPane.y)
        let body = row.distance(from: row.startIndex, to: row.range(of: "Body")!.lowerBound)
        click(body + 1, layout.requestPane.y, in: &state)
        #expect(state.requestTab == .body)
        let params = row.distance(from: row.startIndex, to: row.range(of: "Params")!.lowerBound)
        click(params, layout.requestPane.y, in: &state)
        #expect(state.requestTab == .params)
        click(1, layout.requestPane.y, in: &state)
        #expect(state.requestTab == .params, "the pane number is not a tab")
        click(5, layout.statusLine.y, in: &state)
        #expect(state.focus == .request, "the status line is not a pane")
    }

    @Test func clicksSelectRows() {
        var state = Fixtures.state(width: 80, height: 24, answered: false)
        state.editor.headers += [HeaderRow(name: "A", value: "1"), HeaderRow(name: "B", value: "2")]
        let inner = state.layout.requestBody
        click(inner.x + 3, inner.y + 2, in: &state)
        #expect(state.focus == .request)
        #expect(state.editor.headerSelection == 2)
        click(inner.x + 3, inner.y + 5, in: &state)
        #expect(state.editor.headerSelection == 2, "below the last row nothing changes")
    }

    @Test func theWheelScrollsThePaneUnderThePointerWithoutFocusingIt() {
        var summary = Fixtures.summary()
        summary.bodyLines = (1...40).map { "line \($0)" }
        var state = Fixtures.state(width: 80, height: 24, answered: true, response: summary)
        #expect(state.response.tab == .raw)
        _ = state.update(.key(.character("2")))
        let inner = state.layout.responseBody
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 10, y: inner.y + 1)))
        #expect(state.focus == .url)
        #expect(state.response.scroll[.raw] == 3)
        _ = state.update(.mouse(MouseEvent(.wheelUp, x: 10, y: inner.y + 1)))
        #expect(state.response.scroll[.raw] == 0)
    }
}
