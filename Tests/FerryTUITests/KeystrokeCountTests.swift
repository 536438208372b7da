import FerryCore
import FerryTUI
import Foundation
import Testing

/// The issue's keystroke goals (issue 32), counted through `AppState.update`: each key is one, and a
/// run of text typed into a field is one.
@Suite struct KeystrokeCountTests {
    /// Presses keys into a state and counts them.
    private struct Session {
        var state: AppState
        var count = 0

        mutating func press(_ keys: Key...) -> [Effect] {
            count += keys.count
            return keys.flatMap { state.update(.key($0)) }
        }

        mutating func type(_ text: String) -> [Effect] {
            count += 1
            return text.flatMap { state.update(.key(.character($0))) }
        }
    }

    /// Ctrl-R keeps the row being edited and sends (it took Enter first), and the response takes the
    /// focus from the request tabs (it took `4`).
    @Test func editingTheURLAddingAHeaderSendingAndOpeningTheResponsesHeaders() throws {
        var state = AppState(width: 100, height: 30)
        state.load(RequestSource(title: "json", description: RequestDescription(method: .get, url: "http://h/json"), root: "/c"), file: nil)
        var session = Session(state: state)
        _ = session.type("?page=2")
        _ = session.press(.tab, .character("a"))  // the request tabs open on Headers
        _ = session.type("X-Trace: 1")
        let effects = session.press(.control("r"))
        guard case .send(let id, let outgoing)? = effects.first else {
            Issue.record("Ctrl-R on the header row sent nothing: \(effects)")
            return
        }
        #expect(outgoing.resolved.request.url.absoluteString == "http://h/json?page=2")
        #expect(outgoing.resolved.request.headers["X-Trace"] == "1")
        _ = session.state.update(.responseArrived(id: id, Fixtures.summary()))
        #expect(session.state.focus == .response, "the response takes the focus from the request tabs")
        _ = session.press(.character("l"), .character("l"), .character("l"))
        #expect(session.state.response.tab == .headers)
        #expect(session.count <= 8)
    }

    @Test func copyingAJSONValueTakesTwoKeys() throws {
        var state = AppState(width: 100, height: 30)
        for character in "http://h/token" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        var summary = Fixtures.summary()
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(#"{"token": "abc123"}"#.utf8)))
        _ = state.update(.responseArrived(id: 1, summary))
        var session = Session(state: state)
        _ = session.press(.character("j"))
        let effects = session.press(.character("y"))
        guard case .copy(.text(let text, _))? = effects.first else {
            Issue.record("y copied nothing: \(effects)")
            return
        }
        #expect(text == "abc123")
        #expect(session.count <= 2)
    }

    @Test func findingAndReplayingYesterdaysEntryTakesFiveKeys() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let today = (1...30).map { HistoryRow(id: Int64(100 + $0), time: now, method: "GET", status: 200, url: "http://h/items/\($0)") }
        let yesterday = HistoryRow(id: 7, time: now - 86_400, method: "POST", status: 201, url: "http://h/orders")
        var session = Session(state: AppState(width: 100, height: 30))
        #expect(session.press(.function(5)).map { "\($0)" } == ["searchHistory(\"\")"])
        _ = session.state.update(.historyListed(today + [yesterday]))
        _ = session.press(.character("/"))
        #expect(session.type("orders").last.map { "\($0)" } == "searchHistory(\"orders\")")
        _ = session.state.update(.historyListed([yesterday]))
        _ = session.press(.enter)
        let effects = session.press(.character("R"))
        #expect(effects.map { "\($0)" } == ["openHistoryEntry(id: 7, replay: true)"])
        #expect(session.count <= 5)
    }
}
