import FerryCore
import FerryTUI
import Foundation
import Testing

/// The history pane through `update` alone, and its canvas.
@Suite struct HistoryPaneTests {
    private static let rows = [
        HistoryRow(
            id: 3, time: Date(timeIntervalSince1970: 1_795_000_000), method: "POST", status: 201, url: "http://127.0.0.1:8080/anything"),
        HistoryRow(
            id: 2, time: Date(timeIntervalSince1970: 1_794_999_000), method: "GET", status: 404, url: "http://127.0.0.1:8080/status/404"),
        HistoryRow(id: 1, time: Date(timeIntervalSince1970: 1_794_998_000), method: "GET", status: nil, url: "http://127.0.0.1:9/json"),
    ]

    private func opened() -> AppState {
        var state = AppState(width: 80, height: 20)
        let effects = press(.function(5), in: &state)
        #expect(effects.map { "\($0)" } == ["searchHistory(\"\")"])
        _ = state.update(.historyListed(Self.rows))
        return state
    }

    @Test func searchingSendsAQueryPerEditAndEscClearsIt() {
        var state = opened()
        #expect(press(.character("/"), in: &state).isEmpty)
        #expect(state.context == .line)
        #expect(press(.character("4"), in: &state).map { "\($0)" } == ["searchHistory(\"4\")"])
        #expect(press(.character("0"), in: &state).map { "\($0)" } == ["searchHistory(\"40\")"])
        #expect(press(.backspace, in: &state).map { "\($0)" } == ["searchHistory(\"4\")"])
        _ = press(.enter, in: &state)
        #expect(state.context == .history)
        #expect(state.history?.query.text == "4")
        _ = press(.character("/"), in: &state)
        #expect(press(.escape, in: &state).map { "\($0)" } == ["searchHistory(\"\")"])
        _ = press(.escape, in: &state)
        #expect(state.history == nil)
    }

    /// Issue 32: `G`, End and PgDn were ignored; reaching an old entry took one `j` a row.
    @Test func theListJumpsAsEveryListDoes() {
        var state = opened()
        for (key, row) in [(Key.character("G"), 2), (.character("g"), 0), (.end, 2), (.home, 0), (.pageDown, 2), (.pageUp, 0)] {
            _ = press(key, in: &state)
            #expect(state.history?.selection == row, "\(key)")
        }
    }

    @Test func enterShowsTheExchangeAndRReplaysIt() throws {
        var state = opened()
        _ = press(.down, in: &state)
        #expect(press(.enter, in: &state).map { "\($0)" } == ["openHistoryEntry(id: 2, replay: false)"])
        #expect(press(.character("R"), in: &state).map { "\($0)" } == ["openHistoryEntry(id: 2, replay: true)"])

        let request = RequestSource(
            title: "#2 GET http://127.0.0.1:8080/status/404",
            description: RequestDescription(method: .get, url: "http://127.0.0.1:8080/status/404"), root: "/")
        _ = state.update(.historyEntryLoaded(request, Fixtures.summary(), replay: false))
        #expect(state.history == nil)
        #expect(state.editor.url.text == "http://127.0.0.1:8080/status/404")
        guard case .finished(let summary) = state.exchange else { Issue.record("no response shown"); return }
        #expect(summary.status == 404)

        _ = press(.function(5), in: &state)
        let effects = state.update(.historyEntryLoaded(request, nil, replay: true))
        guard case .send(_, let sent)? = effects.first else { Issue.record("not sent again: \(effects)"); return }
        #expect(sent.resolved.request.url.absoluteString == "http://127.0.0.1:8080/status/404")
    }

    @Test func twoMarkedEntriesAreDiffedOldestFirst() {
        var state = opened()
        _ = press(.character("D"), in: &state)
        #expect(state.notice == "mark two entries with space first")
        _ = press(.character(" "), .down, .down, .character(" "), in: &state)
        #expect(state.history?.marked == [3, 1])
        #expect(press(.character("D"), in: &state).map { "\($0)" } == ["diffHistory(old: 1, new: 3)"])
        _ = state.update(.historyDiff(["#1 → #3", "status: error → 201", "headers:", "  + Content-Type: application/json"]))
        let canvas = Screen.render(state)
        let text = (0..<canvas.height).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains("│  + Content-Type: application/json"))
        _ = press(.escape, in: &state)
        #expect(state.history?.diff == nil)
        #expect(state.history != nil)
    }

    /// Issue 32: the `/` row looked like a live prompt while keys went to the list; it is one, with
    /// the cursor, only while a search is typed.
    @Test func theSearchRowIsAPromptOnlyWhileTyping() throws {
        var state = opened()
        let styled = { (state: AppState) in StyledScreen(canvas: Screen.render(state), theme: state.theme) }
        // What the row paints in the accent colour, but the frame's borders.
        let accented = { (screen: StyledScreen, row: Int) in
            screen.runs(.accent, row: row).map { $0.replacingOccurrences(of: "│", with: "") }.filter { !$0.isEmpty }
        }
        var screen = styled(state)
        // The row under the frame's title.
        let prompt = try #require(screen.row(containing: "History: / search")) + 1
        #expect(accented(screen, prompt).isEmpty, "\(screen.marked(row: prompt, .accent))")
        #expect(screen.text.contains("/ searches as you type"))
        #expect(Screen.render(state).cursor == nil)
        _ = press(.character("/"), in: &state)
        type("post", in: &state)
        screen = styled(state)
        #expect(accented(screen, prompt) == ["/ "], "\(screen.marked(row: prompt, .accent))")
        #expect(Screen.render(state).cursor?.y == prompt)
        _ = press(.enter, in: &state)
        screen = styled(state)
        #expect(accented(screen, prompt).isEmpty, "the search kept is shown, not typed into")
        #expect(screen.text.contains("/ post"))
    }

    @Test func overlaySnapshot() {
        var state = opened()
        _ = press(.down, .character(" "), in: &state)
        let canvas = Screen.render(state)
        let rows = (2..<8).map { String(canvas.text(row: $0).dropFirst(2).prefix(76)) }
        #expect(
            rows.joined(separator: "\n") == """
                ┌ History: / search, Enter show, R replay, space mark, D diff │────────────┐
                │/ searches as you type                                                    │
                │ 2026-11-18 11:06:40 POST   201 http://127.0.0.1:8080/anything            │
                │*2026-11-18 10:50:00 GET    404 http://127.0.0.1:8080/status/404          │
                │ 2026-11-18 10:33:20 GET    ERR http://127.0.0.1:9/json                   │
                │                                                                          │
                """)
    }
}
