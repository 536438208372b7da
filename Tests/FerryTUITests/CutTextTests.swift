import FerryCore
import Foundation
import Testing

@testable import FerryTUI

/// Text cut to fit ends in `…` (issue 32): the footer, the history, the Tree, the tabs, the events.
@Suite struct CutTextTests {
    @Test func theFooterEndsInAnEllipsisWhenItsKeysDoNotFit() throws {
        var state = try Fixtures.state(tree: "{\"a\": {\"b\": 1}, \"c\": 2}")
        press(.character("j"), .left, in: &state)
        let footer = Screen.render(state).text(row: 19)
        #expect(footer.hasSuffix("…"), "\(footer)")
    }

    @Test func aHistoryRowWithALongURLEndsInAnEllipsis() {
        var state = Fixtures.state(width: 80, height: 24, answered: true)
        press(.function(5), in: &state)
        let url = "http://127.0.0.1:8080/" + String(repeating: "segment/", count: 20)
        _ = state.update(.historyListed([HistoryRow(id: 1, time: Date(timeIntervalSince1970: 0), method: "GET", status: 200, url: url)]))
        let screen = Screen.render(state)
        let row = (0..<24).map { screen.text(row: $0) }.first { $0.contains("http://127.0.0.1:8080/segment") }
        #expect(row?.contains("seg…│") == true, "\(row ?? "no row")")
    }

    @Test func aLongTreeValueEndsInAnEllipsis() throws {
        var state = try Fixtures.state(tree: "{\"text\": \"\(String(repeating: "word ", count: 100))\"}")
        press(.character("j"), in: &state)
        let screen = Screen.render(state)
        let row = (0..<20).map { screen.text(row: $0) }.first { $0.contains("text:") }
        #expect(row?.contains("wo…│") == true, "\(row ?? "no row")")
    }

    @Test func aTabCutByItsFrameEndsInAnEllipsis() {
        var canvas = Canvas(width: 20, height: 3)
        Frame(tabs: ["Tree", "Raw", "Headers"], active: 0, focused: true, number: 4).render(
            in: canvas.bounds, canvas: &canvas, theme: .fallback)
        #expect(canvas.text(row: 0).hasSuffix("…┐"), "\(canvas.text(row: 0))")
    }
}
