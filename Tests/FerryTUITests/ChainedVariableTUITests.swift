import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
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
            var screen = try await tui.waitForScreen {
                $0.text.contains("200 OK") && $0.text.contains("sent checks/login.ferry.yaml (200) for {{session}}")
            }
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

    /// Issue 27: a chained value whose request is an OAuth 2.0 one is taken through the same pipeline
    /// as any send, so it gets its token first (before, "an OAuth 2.0 request needs its token first").
    @Test func aChainedValueFromAnOAuth2RequestIsTaken() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let collection = home.file("c")
            try FileManager.default.createDirectory(atPath: collection + "/environments", withIntermediateDirectories: true)
            _ = try home.write(
                "c/environments/e.yaml",
                Data(
                    """
                    baseURL: \(server.baseURL)
                    client: { from: oauth.ferry.yaml, path: $.client }
                    """.utf8))
            _ = try home.write("c/oauth.ferry.yaml", Data(DemoRequestFiles.oauth2Resource.utf8))
            _ = try home.write("c/use.ferry.yaml", Data("name: uses the client\nurl: \"{{baseURL}}/anything?client={{client}}\"\n".utf8))
            let tui = InProcessTUI(home: home, width: 120, height: 34, collection: collection, environmentName: "e")
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("uses the client") }
            tui.press(.control("b"), .character("/"))
            tui.type("uses the")
            tui.press(.enter, .enter)
            try await tui.waitForScreen { $0.text.contains("opened use.ferry.yaml") }
            tui.press(.control("r"))
            let screen = try await tui.waitForScreen {
                $0.text.contains("200 OK") && $0.text.contains("sent oauth.ferry.yaml (200) for {{client}}")
            }
            #expect(screen.text.contains("client: ferry-demo"), "\(screen)")
        }
    }
}
