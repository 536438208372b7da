import FerryCore
import FerryServer
import FerryTUI
import FerryTestSupport
import Foundation
import Synchronization
import Testing

/// The Auth tab, in-process against the demo server's OAuth 2.0 authorization server: the type
/// chosen with Enter, the fields typed on their lines (the secret masked), a token got with `t`,
/// the request sent with it, saved with Ctrl-S and read back from the file.
@Suite struct AuthTabTests {
    /// Focuses the request pane and steps its tabs until the Auth tab is the active one.
    private func showAuthTab(in tui: InProcessTUI) async throws {
        tui.press(.escape)
        try await tui.showTab("Auth", inPane: "3")
    }

    /// Types `text` into the selected field (Enter edits, Enter commits), then goes one row down.
    private func fill(_ text: String, in tui: InProcessTUI) {
        tui.press(.enter)
        tui.type(text)
        tui.press(.enter, .character("j"))
    }

    /// Chooses OAuth 2.0 (client credentials) and fills the demo's client in; the secret typed as it is.
    private func chooseOAuth2(_ tui: InProcessTUI) async throws {
        try await showAuthTab(in: tui)
        for _ in 0..<5 { tui.press(.enter) }  // none → basic → bearer → digest → API key → OAuth 2.0
        try await tui.waitForScreen { $0.text.contains("‹ OAuth 2.0 ›") && $0.text.contains("‹ client credentials ›") }
        tui.press(.character("j"), .character("j"))  // Grant, then Token URL
        fill("{{baseURL}}/oauth/token", in: tui)
        fill(DemoOAuth.clientID, in: tui)
        fill(DemoOAuth.clientSecret, in: tui)
        fill("reports", in: tui)
        try await tui.waitForScreen { $0.text.contains("Scope          reports") }
    }

    @Test func chooseOAuth2FillTheFieldsGetATokenAndSendWithIt() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let painted = Mutex("")
            let tui = InProcessTUI(
                home: home, width: 120, height: 34, collection: home.path,
                variables: [Variable(name: "baseURL", value: server.baseURL)]
            ) { canvas in painted.withLock { $0 += canvas.text } }
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("{{baseURL}}/oauth/resource")
            try await chooseOAuth2(tui)
            var screen = tui.screen
            #expect(screen.text.contains("Token URL      {{baseURL}}/oauth/token"), "\(screen.text)")
            #expect(screen.text.contains("Client secret  •••••••••••"), "the secret is masked: \(screen.text)")
            #expect(!screen.text.contains(DemoOAuth.clientSecret))

            tui.press(.character("t"))
            screen = try await tui.waitForScreen { $0.text.contains("✓ OAuth 2.0 token from \(server.baseURL)/oauth/token") }
            #expect(server.oauth.counts.clientCredentials == 1)

            tui.press(.control("r"))
            screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("authenticated: true") }
            #expect(screen.text.contains("scope: reports"), "\(screen.text)")
            #expect(server.oauth.counts.clientCredentials == 1, "the send took the token `t` got")

            let cache = home.file("data/ferry/oauth2")
            let files = try FileManager.default.subpathsOfDirectory(atPath: cache).filter { $0.hasSuffix(".json") }
            let data = try #require(FileManager.default.contents(atPath: cache + "/" + (files.first ?? "")))
            let token = try #require(String(decoding: data, as: UTF8.self).firstMatch(of: /"accessToken" : "([0-9a-f]+)"/)?.1)
            #expect(
                !painted.withLock { $0.contains(String(token)) || $0.contains(DemoOAuth.clientSecret) },
                "no frame showed the token or the secret")

            // The exchange is recorded off the UI thread: wait for it in the real SQLite file (and its log).
            let database = home.file("data/ferry/history.sqlite")
            func stored() -> Data {
                [database, database + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            }
            let deadline = ContinuousClock.now + .seconds(15)
            while stored().range(of: Data("{{oauth2 access token}}".utf8)) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(
                stored().range(of: Data("{{oauth2 access token}}".utf8)) != nil, "the exchange was recorded with the token's placeholder")
            #expect(stored().range(of: Data(token.utf8)) == nil, "the history never holds the token")
        }
    }

    @Test func theAuthorizationCodeComesBackFromTheBrowserAndTRenewsTheToken() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let tui = InProcessTUI(
                home: home, width: 120, height: 34, variables: [Variable(name: "baseURL", value: server.baseURL)],
                extraEnvironment: ["BROWSER": "curl -sS -L -o /dev/null", "PATH": path])
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("{{baseURL}}/oauth/resource")
            try await showAuthTab(in: tui)
            for _ in 0..<5 { tui.press(.enter) }
            tui.press(.character("j"), .enter)  // Grant: authorization code
            try await tui.waitForScreen {
                $0.text.contains("‹ authorization code + PKCE ›") && $0.text.contains("(a free port on 127.0.0.1)")
            }
            tui.press(.character("j"))
            fill("{{baseURL}}/oauth/authorize", in: tui)
            tui.press(.character("j"))  // Callback URL: a free port
            fill("{{baseURL}}/oauth/token", in: tui)
            fill(DemoOAuth.publicClientID, in: tui)

            tui.press(.character("t"))
            try await tui.waitForScreen { $0.text.contains("✓ OAuth 2.0 token from") && $0.text.contains("with a refresh token") }
            #expect(server.oauth.counts.authorizationCode == 1)
            tui.press(.character("T"))
            try await tui.waitForScreen { _ in server.oauth.counts.refresh == 1 }
            try await tui.waitForScreen { $0.text.contains("✓ OAuth 2.0 token from") }
            tui.press(.control("r"))
            let screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("authenticated: true") }
            #expect(screen.text.contains("client: ferry-public"), "\(screen.text)")
            #expect(server.oauth.counts == DemoOAuth.Counts(authorizationCode: 1, refresh: 1), "the send took the renewed token")
        }
    }

    @Test func theAuthTabIsSavedToTheFileAndReadBack() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let variables = [Variable(name: "baseURL", value: server.baseURL)]
            do {
                let tui = InProcessTUI(home: home, width: 120, height: 34, collection: home.path, variables: variables)
                defer { tui.hangUp() }
                try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
                tui.type("{{baseURL}}/oauth/resource")
                try await chooseOAuth2(tui)
                tui.press(.control("s"))
                tui.press(.control("u"))
                tui.type("resource.ferry.yaml")
                tui.press(.enter)
                try await tui.waitForScreen { $0.text.contains("saved resource.ferry.yaml") }
                #expect(try await tui.quit() == 0)
            }
            let saved = try String(contentsOfFile: home.file("resource.ferry.yaml"), encoding: .utf8)
            #expect(
                saved.contains(
                    """
                    auth:
                      oauth2:
                        grant-type: client_credentials
                        access-token-url: '{{baseURL}}/oauth/token'
                        client-id: ferry-demo
                        client-secret: demo-secret
                        scope: reports
                    """), "\(saved)")

            let tui = InProcessTUI(home: home, width: 120, height: 34, collection: home.path, variables: variables)
            defer { tui.hangUp() }
            // The collection is read after the first frame: filter it once it is there.
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") && !$0.text.contains("reading the collection") }
            tui.press(.control("b"), .character("/"))
            tui.type("resource")
            tui.press(.enter, .character("j"), .enter)
            try await tui.waitForScreen { $0.text.contains("opened resource.ferry.yaml") }
            try await showAuthTab(in: tui)
            let screen = try await tui.waitForScreen { $0.text.contains("‹ OAuth 2.0 ›") }
            #expect(screen.text.contains("Client id      ferry-demo"), "\(screen.text)")
            #expect(screen.text.contains("Client secret  •••••••••••"))
            tui.press(.control("r"))
            try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("authenticated: true") }
        }
    }
}
