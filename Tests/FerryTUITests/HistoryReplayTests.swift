import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// `R` on an exchange with the demo server goes to where the server is now (issue 32, items 9 and 6
/// of Build): `ferry demo` starts its server on a new port each time, and the history holds the old one.
@Suite struct HistoryReplayTests {
    /// Yesterday's session sends to one demo server; today's, on another port, replays that entry.
    @Test func yesterdaysDemoExchangeIsReplayedAgainstTodaysServer() async throws {
        let home = try TemporaryDirectory()
        let leaked = LockedFlag()
        try await withDemoServer { yesterday in
            let tui = try InProcessTUI.onExamples(home: home, baseURL: yesterday.baseURL, leaked: leaked)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("env demo") }
            tui.type("{{baseURL}}/json?day=yesterday")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("200 OK") }
            #expect(try await tui.quit() == 0)
        }
        try await withDemoServer { today in
            let tui = InProcessTUI(
                home: home, width: 160, height: 34, collection: home.file("examples"),
                variables: [Variable(name: "baseURL", value: today.baseURL)], environmentName: "demo")
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("env demo") }
            tui.press(.function(5))
            try await tui.waitForScreen { $0.text.contains("/json?day=yesterday") }
            tui.press(.character("R"))
            let screen = try await tui.waitForScreen { $0.text.contains("200 OK") || $0.text.contains("✗") }
            #expect(screen.text.contains("200 OK"), "the replay went to yesterday's port:\n\(screen)")
            #expect(screen.text.contains(today.baseURL.replacingOccurrences(of: "http://", with: "")), "\(screen)")
            #expect(screen.text.contains("(the demo server moved from port"), "the status line says why the address changed:\n\(screen)")
            #expect(try await tui.quit() == 0)
        }
        #expect(!leaked.isSet)
    }

    /// Only an exchange the demo server answered on this machine moves, and only to another address.
    @Test func onlyAnExchangeWithTheDemoServerMoves() throws {
        var entry = try HistoryEntry.sample(url: "http://127.0.0.1:39759/json?a=1", serverHeader: "ferry-demo")
        #expect(entry.urlOnDemoServer(at: "http://127.0.0.1:41234") == "http://127.0.0.1:41234/json?a=1")
        #expect(entry.urlOnDemoServer(at: "http://127.0.0.1:39759") == nil, "already there")
        #expect(entry.urlOnDemoServer(at: "not a URL") == nil)
        entry.responseHeaders = [HTTPHeader(name: "Server", value: "nginx")]
        #expect(entry.urlOnDemoServer(at: "http://127.0.0.1:41234") == nil, "another server keeps its address")
        entry = try HistoryEntry.sample(url: "https://api.example.com/json", serverHeader: "ferry-demo")
        #expect(entry.urlOnDemoServer(at: "http://127.0.0.1:41234") == nil, "not on this machine")
    }
}

extension HistoryEntry {
    /// An entry answered by a server that says it is `serverHeader`.
    fileprivate static func sample(url: String, serverHeader: String) throws -> HistoryEntry {
        let request = Request(url: try #require(URL(string: url)))
        let response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
            headers: HTTPHeaders([HTTPHeader(name: "Server", value: serverHeader)]),
            body: ResponseBody(storage: .memory(Data()), count: 0), effectiveURL: url, remoteAddress: nil, redirects: [],
            timeline: Timeline(start: Date()), sent: nil)
        return try HistoryEntry(request: request, response: response, error: nil, started: Date())
    }
}
