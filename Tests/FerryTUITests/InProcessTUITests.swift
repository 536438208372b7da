import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The real TUI in-process on a `MemoryTerminal` against the demo server: keys in, painted screens
/// (text and the theme roles of their cells) out.
@Suite struct InProcessTUITests {
    private let layout = ScreenLayout(width: 100, height: 30)

    @Test func aSuccessShowsInTheSuccessStyleAndTheTreeSelectionMoves() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }

            tui.type("\(server.baseURL)/json")
            tui.press(.enter)
            var screen = try await tui.waitForScreen { $0.text.contains("200 OK") }
            let status = layout.statusLine.y
            #expect(screen.runs(.success, row: status) == [" 200 OK "], "\(screen.marked(row: status, .success))")
            #expect(screen.runs(.clientError, row: status).isEmpty)

            // The tree opened as deep as fits; from its root alone (C), open the root: it is selected.
            // Down, open, down: the selection moves one row at a time.
            tui.press(.character("C"), .enter)
            screen = try await tui.waitForScreen { $0.text.contains("▸ slideshow: {9}") }
            // The response pane's top border is on the screen: the request pane takes the rows its tab needs.
            let top = try #require(screen.row(containing: "┌ 4 "), "\(screen)")
            let tree = Rect(x: layout.responseBody.x, y: top + 1, width: layout.responseBody.width, height: layout.responseBody.height)
            #expect(
                screen.marked(Rect(x: tree.x, y: tree.y, width: tree.width, height: 2), .selection) == """
                    ▾ ⟦$⟧: ⟦{1}⟧
                      ▸ slideshow: {9}
                    """, "\(screen)")
            tui.press(.character("j"), .enter, .character("j"))
            screen = try await tui.waitForScreen { $0.text.contains("$.slideshow.title") }
            #expect(
                screen.marked(Rect(x: tree.x, y: tree.y, width: tree.width, height: 4), .selection) == """
                    ▾ $: {1}
                      ▾ slideshow: {9}
                          ⟦title⟧: ⟦Sample Slide Show⟧
                          author: Yours Truly
                    """, "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func aClientErrorShowsInTheClientErrorStyle() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }

            tui.type("\(server.baseURL)/status/404")
            tui.press(.enter)
            var screen = try await tui.waitForScreen { $0.text.contains("404 Not Found") }
            var status = layout.statusLine.y
            #expect(screen.runs(.clientError, row: status) == [" 404 Not Found "], "\(screen.marked(row: status, .clientError))")
            #expect(screen.runs(.success, row: status).isEmpty)

            // A smaller terminal: the whole screen is painted again, the status line two rows above its bottom.
            tui.terminal.resize(width: 80, height: 24)
            screen = try await tui.waitForScreen { $0.canvas.height == 24 && $0.text.contains("404 Not Found") }
            status = ScreenLayout(width: 80, height: 24).statusLine.y
            #expect(screen.runs(.clientError, row: status) == [" 404 Not Found "], "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    /// The demo's basic-auth request with its secret password: the request as sent shows the
    /// placeholders, and no frame painted on the way ever held the password or the encoded credentials.
    @Test func theSecretOfTheBasicAuthDemoRequestIsNeverPainted() async throws {
        let secrets = ["s3cret-demo", Data("ferry:s3cret-demo".utf8).base64EncodedString()]
        let leaked = LockedFlag()
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let collection = home.file("examples")
            try FileManager.default.copyItem(atPath: Self.examples, toPath: collection)
            let tui = InProcessTUI(
                home: home, collection: collection, variables: [Variable(name: "baseURL", value: server.baseURL)],
                environmentName: "demo"
            ) { painted in
                if secrets.contains(where: painted.text.contains) { leaked.set() }
            }
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("env demo") && $0.text.contains("▾ auth/") }

            tui.press(.control("b"), .character("/"))
            tui.type("basic")
            tui.press(.enter, .character("j"), .enter)
            try await tui.waitForScreen { $0.text.contains("opened auth/basic-auth.ferry.yaml") }
            tui.press(.control("r"))
            try await tui.waitForScreen { $0.text.contains("200 OK") }
            tui.press(.character("4"), .character("l"), .character("l"), .character("l"))
            let screen = try await tui.waitForScreen { $0.text.contains("Request as sent") }
            let top = try #require(screen.row(containing: "┌ 4 "), "\(screen)")
            #expect(screen.runs(.tabActive, row: top) == [" Headers "], "\(screen.marked(row: top, .tabActive))")
            #expect(screen.text.contains("Authorization: Basic {{secret}}"), "\(screen)")
            #expect(screen.text.contains("GET /basic-auth/ferry/{{password}} HTTP/1.1"), "\(screen)")
            #expect(try await tui.quit() == 0)
        }
        #expect(!leaked.isSet, "a painted frame held the password or the encoded credentials")
    }

    /// The request pane takes the rows its content needs: a request with one header leaves the
    /// response pane most of a 40-row screen (it had 23 rows of it, the request pane 14).
    @Test func oneHeaderLeavesTheResponsePaneMostOfTheScreen() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 100, height: 40)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("\(server.baseURL)/json")
            // A new request has one header, Accept: */*, in its Headers tab.
            try await tui.waitForScreen { $0.text.contains("[x] Accept: */*") }
            tui.press(.enter)
            let screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("slideshow") }
            let response = try #require(screen.row(containing: "┌ 4  Tree"), "\(screen)")
            let status = ScreenLayout(width: 100, height: 40).statusLine.y
            #expect(status - response >= 30, "the response pane has \(status - response) rows:\n\(screen)")
            #expect(screen.row(containing: "[x] Accept: */*").map { $0 < response } == true, "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    /// The bundled example collection, `ferry demo`'s.
    private static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FerryCLI/Examples").path
}
