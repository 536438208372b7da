import FerryTestSupport
import Foundation
import Testing

/// The request side in the real TUI: the Params tab, the command palette, the mouse.
extension TUITests {
    @Test func paramsAreSentInTheQueryAndEchoedByTheServer() async throws {
        try await withDemoServer { server in
            try await withFerry { session, _ in
                try session.send("\(server.baseURL)/anything", literal: true)
                try session.send("Tab", "h")
                try await session.waitForScreen { $0.contains("no parameters") }
                for (key, line) in [("a", "color=blue"), ("a", "tags"), ("A", "=x"), ("a", "=y")] {
                    try session.send(key)
                    try session.send(line, literal: true)
                    try session.send("Enter")
                }
                var screen = try await session.waitForScreen { $0.contains("URL ?color=blue&tags%5B%5D=x&tags%5B%5D=y") }
                #expect(screen.contains("tags [2]"))
                try session.send("C-r")
                screen = try await session.waitForScreen { $0.contains("200 OK") }
                // The echo's tree: expand the root, then the args object.
                try session.send("4", "Enter")
                screen = try await session.waitForScreen { $0.contains("args: {") }
                let rows = screen.split(separator: "\n")
                let root = try #require(
                    rows.firstIndex { $0.contains("{") && !$0.contains("args") && $0.contains("│") && !$0.contains("Tree") })
                let args = try #require(rows.firstIndex { $0.contains("args: {") })
                for _ in 0..<(args - root) { try session.send("j") }
                try session.send("Enter")
                screen = try await session.waitForScreen { $0.contains("color: blue") }
                #expect(screen.contains("color: blue"))
                #expect(screen.contains("tags[]: [2]"))
                #expect(screen.contains("url: \(server.baseURL)/anything?color=blue&tags%5B%5D=x&tags%5B%5D=y"))
                try session.send("C-c")
            }
        }
    }

    @Test func multipartPartsReachTheServer() async throws {
        try await withDemoServer { server in
            try await withFerry { session, home in
                let file = try home.write("notes.txt", Data("hello from a file\n".utf8))
                try session.send("\(server.baseURL)/anything", literal: true)
                try session.send("Tab", "l", "l")
                try await session.waitForScreen { $0.contains("no parts") }
                for line in ["title=Holiday", "notes=@\(file);type=text/markdown"] {
                    try session.send("a")
                    try session.send(line, literal: true)
                    try session.send("Enter")
                }
                var screen = try await session.waitForSteadyScreen { $0.contains("[x] file notes=@") && $0.contains("Content-Length: ") }
                let length = try #require(screen.firstMatch(of: /Content-Length: (\d+) bytes/)?.1)
                try session.send("1", "m", "C-r")
                screen = try await session.waitForScreen { $0.contains("200 OK") }
                try session.send("4", "l")
                screen = try await session.waitForSteadyScreen { $0.contains("\"args\"") }
                // The server's JSON report, read a page at a time (it writes `"key" : value`), each
                // page once it is painted whole (tmux can be read in the middle of a frame).
                var report = screen
                for _ in 0..<5 {
                    let before = try session.screen()
                    try session.send("C-d")
                    // At the report's end C-d changes nothing: two seconds without a change is the end.
                    guard let page = try? await session.waitForSteadyScreen(timeout: .seconds(2), { $0 != before }) else { break }
                    report += page
                }
                let compact = report.replacingOccurrences(of: " : ", with: ": ")
                #expect(compact.contains("\"bodySize\": \(length)"), "the server got the Content-Length the tab showed")
                #expect(compact.contains("\"name\": \"title\""))
                #expect(compact.contains("\"filename\": \"notes.txt\""))
                #expect(compact.contains("\"contentType\": \"text/markdown\""))
                #expect(compact.contains("\"size\": 18"))
                try session.send("C-c")
            }
        }
    }

    @Test func thePaletteSwitchesTheThemeLive() async throws {
        try await withFerry { session, _ in
            let before = try session.screen(escapes: true)
            try session.send("C-p")
            try await session.waitForScreen { $0.contains("Command palette") }
            try session.send("theme", literal: true)
            // The whole word filtered (a frame after "th" lists other commands below the first themes).
            var screen = try await session.waitForScreen { $0.contains("> theme") && $0.contains("theme: high-contrast") }
            #expect(screen.contains("theme: solarized-dark"))
            try session.send(" sol", literal: true)
            screen = try await session.waitForScreen { $0.contains("theme: solarized-dark") && !$0.contains("theme: high-contrast") }
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("theme: solarized-dark") && !$0.contains("Command palette") }
            #expect(screen.contains("theme: solarized-dark"))
            #expect(try session.screen(escapes: true) != before, "the colours changed without a restart")
            try session.send("C-c")
            try await session.waitForScreen { $0.contains("EXITED 0") }
        }
    }

    @Test func mouseClicksFocusPanesAndPickTabs() async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        var screen = try await session.waitForScreen { $0.contains("Nothing sent yet") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tabRow = try #require(rows.firstIndex { $0.contains("Headers │ Body │ Multipart │ Options") })
        let options = rows[tabRow].distance(from: rows[tabRow].startIndex, to: rows[tabRow].range(of: "Options")!.lowerBound)
        try click(session, x: options + 1, y: tabRow)
        screen = try await session.waitForScreen { $0.contains("Timeout (s)") }
        #expect(screen.contains("Follow redirects"))
        try click(session, x: 2, y: 0)
        try session.send("m")
        screen = try await session.waitForScreen { $0.contains("POST ▾") }
        #expect(!screen.contains("type a URLm"), "the m went to the method, not the URL")
        try session.send("C-c")
    }

    /// Clicks the main button at a 0-based cell with the X10 report tmux would send: ESC [ M, then the
    /// button, column and row, each + 32 (1-based).
    private func click(_ session: TmuxSession, x: Int, y: Int) throws {
        try session.tmux(["send-keys", "-t", "ferry", "-H", "1b", "5b", "4d", "20", String(33 + x, radix: 16), String(33 + y, radix: 16)])
    }

    /// Runs `body` with Ferry open in tmux on a fresh HOME (the folder is passed along), then closes the session.
    private func withFerry(_ body: (TmuxSession, TemporaryDirectory) async throws -> Void) async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        try await body(session, home)
    }
}
