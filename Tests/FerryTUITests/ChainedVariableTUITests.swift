import FerryCore
import FerryStore
import FerryTestSupport
import FerryTUI
import Foundation
import Testing

/// A chained variable in the TUI, in-process against the demo server: sending a request that needs
/// `{{session}}` first sends the request it comes from, the status line says so, the token stays
/// off the screen, and the next send reuses it.
@Suite struct ChainedVariableTUITests {
    @Test func sendingARequestThatNeedsAChainedTokenLogsInFirstAndSaysSo() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let leaked = LockedFlag()
            let tui = try InProcessTUI.onExamples(home: home, baseURL: server.baseURL, leaked: leaked)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("env demo") && $0.text.contains("auth/") }
            tui.press(.control("b"), .character("/"), .control("u"))
            tui.type("chained token")
            tui.press(.enter, .character("j"), .enter)
            try await tui.waitForScreen { $0.text.contains("opened auth/whoami-chained.ferry.yaml") }

            tui.press(.control("r"))
            var screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("sent checks/login.ferry.yaml (200) for {{session}}") }
            #expect(screen.text.contains("authenticated: true"), "\(screen)")
            tui.press(.control("r"))
            screen = try await tui.waitForScreen { $0.text.contains("200 OK") && !$0.text.contains("sent checks/login") }
            #expect(!leaked.isSet, "a painted frame held the chained token")

            // The exchange is recorded just after its response is shown: read until it is there (or 10 s pass).
            let history = try HistoryStore(locations: StoreLocations(environment: ["HOME": home.path, "XDG_DATA_HOME": home.file("data")]))
            let deadline = ContinuousClock.now + .seconds(10)
            var urls = try history.list(limit: 10).map(\.url)
            while urls.count < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                urls = try history.list(limit: 10).map(\.url)
            }
            #expect(urls.filter { $0.hasSuffix("/login") }.count == 1, "one login for two sends: \(urls)")
            #expect(urls.filter { $0.hasSuffix("/me") }.count == 2, "\(urls)")
        }
    }
}
