import FerryCore
import FerryTUI
import FerryTestSupport
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

    @Test func thePaletteImportsAFileIntoTheCollection() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        let source = try home.write(
            "commands.sh", Data("curl -X POST http://127.0.0.1:9/things -d 'a=1'\ncurl http://127.0.0.1:9/other\n".utf8))
        let tui = InProcessTUI(home: home, collection: collection)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Collection") && !$0.text.contains("reading the collection") }
        try await tui.importFile(source)
        try await tui.waitForScreen { $0.text.contains("imported 2 requests from") }
        try await tui.waitForScreen { $0.text.contains("POST   post-127-0-0-1-thin…") }  // the sidebar lists them (names cut with …)
        #expect(FileManager.default.fileExists(atPath: (collection as NSString).appendingPathComponent("post-127-0-0-1-things.ferry.yaml")))

        try await tui.importFile(source)
        try await tui.waitForScreen { $0.text.contains("nothing imported: nothing was written: post-127-0-0-1-things.ferry.yaml") }
        #expect(try await tui.quit() == 0)
    }

    @Test func aPastedCommandIsSentAndCopiedBackAsCurl() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }

            tui.terminal.send([
                .paste(
                    "curl -X POST '\(server.baseURL)/anything?x=1' \\\n  -H 'X-Trace: 7' -d 'name=Ferry' --resolve example.test:80:127.0.0.1"
                )
            ])
            var screen = try await tui.waitForScreen { $0.text.contains("curl command taken over") }
            #expect(screen.text.contains("POST ▾"))
            #expect(screen.text.contains("\(server.baseURL)/anything?x=1"))
            #expect(screen.text.contains("not taken"), "--resolve is named: \(screen.text)")
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

    @Test func aPastedProxyIsInTheOptionsTabAndNamedWhenTheSendFails() async throws {
        let home = try TemporaryDirectory()
        let tui = InProcessTUI(home: home, width: 160, height: 40)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
        tui.terminal.send([.paste("curl -X PUT http://127.0.0.1:9/things --proxy http://127.0.0.1:9")])
        try await tui.waitForScreen { $0.text.contains("curl command taken over") }
        tui.press(.enter)
        try await tui.waitForScreen { $0.text.contains("sent with proxy http://127.0.0.1:9 (set by “pasted curl command”); Options tab") }
        tui.press(.character("3"), .character("l"), .character("l"), .character("l"))  // Headers → Body → Multipart → Options
        try await tui.waitForScreen { $0.text.contains("│Proxy" + String(repeating: " ", count: 16) + "http://127.0.0.1:9") }
        #expect(try await tui.quit() == 0)
    }

    @Test func yCopiesAJSONValueOfTheTreeAndThePaletteAnHTTPieCommand() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 120)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("\(server.baseURL)/json")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("Sample Slide Show") }
            tui.press(.character("j"), .character("j"))
            try await tui.waitForScreen { $0.text.contains("$.slideshow.title") }
            tui.press(.character("y"))  // one key from the tree
            try await tui.waitForScreen { $0.text.contains("✓ copied $.slideshow.title: Sample Slide Show") }
            #expect(tui.terminal.clipboard.last == "Sample Slide Show")

            tui.press(.control("p"))
            tui.type("copyAsHTTPie")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("HTTPie command (copied") }
            let copied = try #require(tui.terminal.clipboard.last)
            #expect(copied.hasPrefix("http --ignore-stdin") && copied.contains("\(server.baseURL)/json"), "\(copied)")
            tui.press(.escape)
            #expect(try await tui.quit() == 0)
        }
    }
}
