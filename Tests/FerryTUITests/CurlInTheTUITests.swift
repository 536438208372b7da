import FerryCore
import FerryTestSupport
import FerryTUI
import Foundation
import Testing

/// curl in the TUI: a command pasted into the URL field becomes the whole request, and the request
/// goes out again as a curl command (to the clipboard through the terminal, and in a sheet).
@Suite struct CurlInTheTUITests {
    @Test func onlyAPasteIntoTheURLFieldIsReadAsACommand() {
        var state = AppState(width: 100, height: 30)
        #expect(state.focus == .url)
        guard case .importCurl(let text)? = state.update(.paste("  curl http://h/x -d a=1")).first else {
            Issue.record("a curl command pasted into the URL field is not imported")
            return
        }
        #expect(text.contains("-d a=1"))
        #expect(state.update(.paste("curly braces")).isEmpty, "other text is typed in")
        #expect(state.editor.url.text == "curly braces")

        state.focus = .request
        state.requestTab = .body
        _ = state.update(.key(.enter))
        #expect(state.update(.paste("curl http://h/x")).isEmpty, "into the body a command is just text")
        #expect(state.editor.body.text == "curl http://h/x")
    }

    @Test func aPastedCommandIsSentAndCopiedBackAsCurl() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }

            tui.terminal.send([.paste("curl -X POST '\(server.baseURL)/anything?x=1' \\\n  -H 'X-Trace: 7' -d 'name=Ferry' --proxy http://127.0.0.1:9")])
            var screen = try await tui.waitForScreen { $0.text.contains("curl command taken over") }
            #expect(screen.text.contains("POST ▾"))
            #expect(screen.text.contains("\(server.baseURL)/anything?x=1"))
            #expect(screen.text.contains("not taken"), "the proxy is named: \(screen.text)")
            tui.press(.enter)
            screen = try await tui.waitForScreen { $0.text.contains("200 OK") }

            tui.press(.tab)
            tui.press(.character("Y"))
            screen = try await tui.waitForScreen { $0.text.contains("curl command (copied") }
            let copied = try #require(tui.terminal.clipboard.last)
            #expect(copied.hasPrefix("curl '\(server.baseURL)/anything?x=1'"), "\(copied)")
            #expect(copied.contains("-H 'X-Trace: 7'") && copied.contains("--data-binary name=Ferry"), "\(copied)")
            #expect(screen.text.contains("X-Trace: 7"), "the sheet shows the command")
            tui.press(.escape)
            try await tui.waitForScreen { !$0.text.contains("curl command (copied") }
            #expect(try await tui.quit() == 0)
        }
    }
}
