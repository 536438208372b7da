import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// A request opened from the collection starts with an empty response area that offers the last
/// response the history holds for its file, marked as recorded when shown (issue 32, Build 4).
@Suite struct LastRecordedResponseTests {
    private static let row = HistoryRow(
        id: 7, time: Date(timeIntervalSince1970: 1_795_000_000), method: "GET", status: 200, url: "http://127.0.0.1:8080/json")

    private func opened() -> (AppState, [Effect]) {
        var state = AppState(width: 100, height: 24)
        state.collection.sidebar = Sidebar()
        let request = RequestSource(title: "json", description: RequestDescription(method: .get, url: "{{baseURL}}/json"), root: "/c")
        _ = state.update(.collectionLoaded([CollectionItem(path: "json.ferry.yaml", request: request)], environments: [], changed: []))
        state.focus = .sidebar
        let effects = press(.enter, in: &state)
        return (state, effects)
    }

    @Test func openingAFileAsksForItsLastExchangeAndOffersItsResponse() throws {
        var (state, effects) = opened()
        guard case .findLastRecorded("json.ferry.yaml")? = effects.first else {
            Issue.record("opening asks the history for nothing: \(effects)")
            return
        }
        #expect(!Screen.render(state).text.contains("Last sent from this file"))
        _ = state.update(.lastRecordedFound(path: "json.ferry.yaml", Self.row))
        let screen = Screen.render(state).text
        #expect(screen.contains("Last sent from this file: 2026-11-18 11:06:40 UTC, 200."), "\(screen)")
        #expect(screen.contains("o shows that recorded response (not sent again)"))
        #expect(Screen.render(state).text(row: state.layout.footer.y).contains("o last response"), "the footer offers it")

        let asked = press(.character("o"), in: &state)
        guard case .showRecordedResponse(Self.row)? = asked.first else {
            Issue.record("o asks for nothing: \(asked)")
            return
        }
        var summary = Fixtures.summary()
        summary.recorded = Self.row.time
        _ = state.update(.recordedResponseLoaded(summary))
        let status = Screen.render(state).text(row: state.layout.statusLine.y)
        #expect(status.contains("404 Not Found"), "\(status)")
        #expect(status.contains("recorded 2026-11-18 11:06:40, not sent now"), "\(status)")
        #expect(state.collection.lastRecorded == nil, "offered once")
    }

    /// An answer for a file no longer open, or after a send, is not offered.
    @Test func aLateAnswerIsNotOffered() {
        var (state, _) = opened()
        _ = state.update(.lastRecordedFound(path: "other.ferry.yaml", Self.row))
        #expect(state.collection.lastRecorded == nil)
        state.exchange = .sending(id: 1, progress: nil, elapsed: 0)
        _ = state.update(.lastRecordedFound(path: "json.ferry.yaml", Self.row))
        #expect(state.collection.lastRecorded == nil)
        _ = state.update(.recordedResponseLoaded(Fixtures.summary()))
        #expect(state.exchange.isSending, "a recorded response does not replace one on its way")
    }

    /// The real TUI twice on one home: a file's request sent in one session is offered, and shown
    /// as recorded, when the file is opened in the next.
    @Test func theLastResponseOfYesterdaysSessionIsOffered() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        try await withDemoServer { server in
            try "method: GET\nurl: \(server.baseURL)/json\n".write(
                toFile: collection + "/slides.ferry.yaml", atomically: true, encoding: .utf8)
            let first = InProcessTUI(home: home, width: 120, height: 34, collection: collection)
            defer { first.hangUp() }
            try await first.waitForScreen { $0.text.contains("GET    slides") }
            first.press(.control("b"), .enter, .control("r"))
            try await first.waitForScreen { $0.text.contains("200 OK") }
            #expect(try await first.quit() == 0)

            let second = InProcessTUI(home: home, width: 120, height: 34, collection: collection)
            defer { second.hangUp() }
            try await second.waitForScreen { $0.text.contains("GET    slides") }
            second.press(.control("b"), .enter)
            try await second.waitForScreen { $0.text.contains("Last sent from this file") }
            second.press(.character("o"))
            let screen = try await second.waitForScreen { $0.text.contains("not sent now") }
            #expect(screen.text.contains("200 OK"), "\(screen)")
            #expect(screen.text.contains("slideshow"), "the recorded body is in the Tree:\n\(screen)")
            #expect(try await second.quit() == 0)
        }
    }
}
