import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The Expect tab and the checks in the TUI, in-process against the demo server: a capture taken
/// by hand feeds the next request (log in, then call), results show ✓/✗ in the Errors tab and beside
/// each Expect line, and a line that does not read is refused with the reason.
@Suite struct ExpectTabTests {
    /// Opens `checks/name` from the sidebar's filter, found by `query`, sends it, and hides the sidebar.
    private func send(_ name: String, query: String, in tui: InProcessTUI, until text: String) async throws {
        tui.press(.control("b"), .character("/"), .control("u"))
        tui.type(query)
        tui.press(.enter, .character("j"), .enter)
        try await tui.waitForScreen { $0.text.contains("opened checks/\(name).ferry.yaml") }
        tui.press(.control("r"))
        // The "opened" notice goes when the response arrives (an earlier response may show the same status).
        try await tui.waitForScreen { $0.text.contains(text) && !$0.text.contains("opened checks/") }
        tui.press(.control("b"), .escape)
    }

    @Test func logInCaptureTheTokenThenCallWithItAndSeeTheChecks() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            // The token the demo answers is captured as a secret: no frame may show it.
            let leaked = LockedFlag()
            let tui = try InProcessTUI.onExamples(home: home, baseURL: server.baseURL, leaked: leaked)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("env demo") && $0.text.contains("checks/") }

            try await send("login", query: "log in", in: tui, until: "captured {{token}}")
            var screen = try await tui.showTab("Errors", inPane: "4")
            #expect(screen.text.contains("Checks  all passed"), "\(screen)")
            #expect(screen.text.contains("✓ captured {{token}}  (secret)"), "\(screen)")
            #expect(screen.text.contains("✓ $.token length > 20"), "\(screen)")
            #expect(!leaked.isSet, "a painted frame held the token captured as a secret")

            // /me answers 200 only with the token captured by hand from the log-in.
            try await send("me", query: "with the captured", in: tui, until: "200 OK")
            screen = try await tui.showTab("Errors", inPane: "4")
            #expect(screen.text.contains("Checks  all passed"), "\(screen)")
            #expect(screen.text.contains("✓ $.user == \"ferry\""), "\(screen)")

            // The Expect tab lists the same checks, marked by the last response.
            screen = try await tui.showTab("Expect", inPane: "3")
            #expect(screen.text.contains("✓ status == 200"), "\(screen)")
            #expect(screen.text.contains("✓ $.authenticated == true"), "\(screen)")

            // A line that does not read stays open with the reason; a good one is checked on the next send.
            tui.press(.character("a"))
            tui.type("$.user startsWith")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("✗ `startsWith` takes one value") }
            tui.press(.control("u"))
            tui.type("$.user == nobody")
            tui.press(.enter, .control("r"))
            screen = try await tui.waitForScreen { $0.text.contains("1 check(s) failed (Errors tab)") }
            #expect(screen.text.contains("✗ $.user == \"nobody\""), "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }
}
