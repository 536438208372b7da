import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` TUI in tmux: type, send, read every response tab, cancel, resize, quit.
@Suite(.serialized) struct TUITests {
    /// Starts `ferry arguments` in tmux with a temporary HOME and config (and `more` variables); the shell reports its exit.
    func startFerry(
        _ arguments: String = "", term: String = "tmux-256color", noColor: Bool = false, editor: String = "vi",
        home: TemporaryDirectory, more: String = ""
    ) throws -> TmuxSession {
        let environment =
            "NO_COLOR=\(noColor ? "1" : "") VISUAL= EDITOR=\(editor) TERM=\(term) HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config LANG=C.UTF-8 \(more)"
        return try TmuxSession(
            command: "env \(environment) \(FerryBinary.path) \(arguments); echo EXITED $?; sleep 60", width: 100, height: 30)
    }

    /// Runs `body` with `ferry` started in tmux on a temporary HOME and showing its empty screen;
    /// the session is closed after it.
    func withFreshFerry(_ body: (TmuxSession, TemporaryDirectory) async throws -> Void) async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        try await body(session, home)
    }

    @Test func sendReadTabsCancelResizeAndQuit() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let session = try startFerry(home: home)
            defer {
                session.close()
                withExtendedLifetime(home) {}
            }
            var screen = try await session.waitForScreen { $0.contains("Nothing sent yet") }
            #expect(screen.contains("GET ▾"))

            // Type a URL and send: status line and the body's tree, opened as deep as fits, with the focus on it.
            try session.send("\(server.baseURL)/json", literal: true)
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("200 OK") }
            #expect(screen.contains("200 OK"))
            #expect(screen.contains("HTTP/1.1"))
            screen = try await session.waitForScreen { $0.contains("slideshow: {") }

            // Response tabs: Raw, Hex, Headers, Errors, Timeline.
            try session.send("l")
            screen = try await session.waitForScreen { $0.contains("\"slideshow\"") }
            try session.send("l")
            screen = try await session.waitForScreen { $0.contains("00000000  7b 0a") }
            try session.send("l")
            screen = try await session.waitForScreen { $0.contains("Request as sent") }
            #expect(screen.contains("Content-Type: application/json"))
            #expect(screen.contains("GET /json HTTP/1.1"))
            try session.send("l")
            screen = try await session.waitForScreen { $0.contains("No errors") }
            try session.send("l")
            screen = try await session.waitForScreen { $0.contains("receive") && $0.contains("total") }
            #expect(screen.contains("dns"))
            #expect(screen.contains(" ms"))

            // A JSON request answered with 404: the validation chain in Errors.
            try session.send("3", "Enter", "C-u")
            try session.send("Accept: application/json", literal: true)
            try session.send("Enter", "2", "C-u")
            try session.send("\(server.baseURL)/status/404", literal: true)
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("404 Not Found") }
            try session.send("h")
            screen = try await session.waitForScreen { $0.contains("unacceptableStatusCode") }
            #expect(screen.contains("validation"))

            // A slow request, cancelled with Esc.
            try session.send("2", "C-u")
            try session.send("\(server.baseURL)/delay/10", literal: true)
            try session.send("Enter")
            // Sent: the status line counts the wait (the server delays its answer ten seconds).
            screen = try await session.waitForScreen { $0.contains("waiting for the server") }
            try session.send("Escape")
            screen = try await session.waitForScreen(timeout: .seconds(5)) { $0.contains("the request was cancelled") }
            #expect(screen.contains("the request was cancelled"))

            // Resize: a smaller layout at once, then the too-small message, then back.
            try session.tmux(["resize-window", "-t", "ferry", "-x", "70", "-y", "22"])
            screen = try await session.waitForScreen {
                $0.split(separator: "\n").first.map { $0.count <= 70 && $0.contains("GET") } ?? false
            }
            #expect(screen.split(separator: "\n").count <= 22)
            try session.tmux(["resize-window", "-t", "ferry", "-x", "50", "-y", "15"])
            screen = try await session.waitForScreen { $0.contains("at least 60×20") }
            #expect(screen.contains("this one is 50×15"))
            try session.tmux(["resize-window", "-t", "ferry", "-x", "100", "-y", "30"])
            screen = try await session.waitForScreen { $0.contains("GET") && !$0.contains("at least 60×20") }

            // Quit from a pane with q: exit 0 and the normal screen is back.
            try session.send("Tab", "q")
            screen = try await session.waitForScreen { $0.contains("EXITED") }
            #expect(screen.contains("EXITED 0"))
            #expect(
                try session.tmux(["display-message", "-p", "-t", "ferry", "#{alternate_on}"], reading: true).trimmingCharacters(
                    in: .whitespacesAndNewlines) == "0")
        }
    }

    @Test func bracketedPasteAndTheExternalEditor() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let editor = try home.write("editor.sh", Data("#!/bin/sh\necho '{\"from\": \"the editor\"}' > \"$1\"\n".utf8))
            chmod(editor, 0o755)
            let session = try startFerry(editor: editor, home: home)
            defer {
                session.close()
                withExtendedLifetime(home) {}
            }
            try await session.waitForScreen { $0.contains("Nothing sent yet") }
            // tmux pastes with ESC[200~ … ESC[201~ because Ferry asked for bracketed paste; the newline is dropped.
            try session.tmux(["set-buffer", "\(server.baseURL)/anything\n"])
            try session.tmux(["paste-buffer", "-p", "-t", "ferry"])
            try await session.waitForScreen { $0.contains("\(server.baseURL)/anything") }
            try session.send("Tab", "Tab", "Tab", "m", "Tab", "Tab", "l", "e")
            let edited = try await session.waitForScreen { $0.contains("{\"from\": \"the editor\"}") }
            #expect(edited.contains("{\"from\": \"the editor\"}"))
            try session.send("C-r")
            try await session.waitForScreen { $0.contains("200 OK") }
            try session.send("4", "Enter")
            let screen = try await session.waitForScreen { $0.contains(#"data: {"from": "the editor"}"#) }
            #expect(screen.contains("POST ▾"))
        }
    }

    @Test func helpOverlayListsTheKeys() async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        try session.send("F1")
        // A steady screen: tmux can be read while the overlay is still being drawn.
        let screen = try await session.waitForSteadyScreen { $0.contains("Keys:") && $0.contains("send the request") }
        #expect(screen.contains("ctrl-r"))
        #expect(screen.contains("esc close"), "the footer shows the help's own keys")
        try session.send("Escape", "C-c")
        #expect(try await session.waitForScreen { $0.contains("EXITED") }.contains("EXITED 0"))
    }

    @Test func aBrokenThemeIsReportedAndTheDefaultUsed() async throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("config/ferry/themes"), withIntermediateDirectories: true)
        _ = try home.write(
            "config/ferry/themes/mine.yaml", Data("name: mine\nstyles:\n  base: { fg: 252 }\n  accent: { fg: purpleish }\n".utf8))
        let session = try startFerry("--theme mine", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        let screen = try await session.waitForScreen { $0.contains("~/config/ferry/themes/mine.yaml:4: styles.accent.fg") }
        #expect(screen.contains("~/config/ferry/themes/mine.yaml:4: styles.accent.fg"))
        try session.send("C-c")
        #expect(try await session.waitForScreen { $0.contains("EXITED") }.contains("EXITED 0"))
    }

    @Test(arguments: [false, true]) func coloursUnlessNoColor(noColor: Bool) async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(noColor: noColor, home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        let screen = try session.screen(escapes: true)
        // ferry-dark paints 256-colour backgrounds; monochrome only attributes such as reverse.
        #expect(screen.contains("48;5;") == !noColor)
        #expect(screen.contains("\u{1B}["))
        try session.send("C-c")
        #expect(try await session.waitForScreen { $0.contains("EXITED") }.contains("EXITED 0"))
    }

    @Test func anUnknownTerminalTypeIsAClearError() async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(term: "no-such-terminal", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        let screen = try await session.waitForScreen { $0.contains("EXITED") }
        #expect(screen.contains("TERM=no-such-terminal is unknown"))
        #expect(screen.contains("EXITED 1"))
    }

    /// ncursesw is loaded when the TUI starts: where it cannot be, the TUI says which library and why.
    @Test func aMissingTerminalLibraryIsAClearError() async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry(home: home, more: "FERRY_NCURSESW=/nonexistent/libncursesw.so.6")
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        let screen = try await session.waitForScreen { $0.contains("EXITED") }
        #expect(screen.contains("needs ncursesw (/nonexistent/libncursesw.so.6)"))
        #expect(screen.contains("EXITED 1"))
    }

    @Test func withoutATerminalFerryExitsWithAMessage() async throws {
        let outcome = await FerryBinary.run([], timeout: 10)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("needs a terminal"))
        let demo = await FerryBinary.run(["demo"], timeout: 10)
        #expect(demo.status == 1)
        #expect(demo.stderr.contains("needs a terminal"))
    }
}
