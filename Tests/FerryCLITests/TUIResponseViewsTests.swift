import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` in tmux: Tree search, Hex following the selection, Errors' jump to a parse
/// error's byte, pretty Raw, and `ferry view` on a file and on a pipe.
@Suite(.serialized) struct TUIResponseViewsTests {
    /// Runs `command` in tmux (100×30, no colours so highlighting is plain reverse video), with a temporary HOME.
    private func start(_ command: String, home: TemporaryDirectory) throws -> TmuxSession {
        let environment = "NO_COLOR=1 TERM=tmux-256color HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config LANG=C.UTF-8"
        return try TmuxSession(
            command:
                "\(command.replacingOccurrences(of: "FERRY", with: "env \(environment) \(FerryBinary.path)")); echo EXITED $?; sleep 60",
            width: 100, height: 30)
    }

    /// Types `url` into the URL field and sends it.
    private func request(_ url: String, in session: TmuxSession) throws {
        try session.send("2", "C-u")
        try session.send(url, literal: true)
        try session.send("Enter")
    }

    /// The runs of the screen drawn in reverse video (the highlight of the monochrome theme), one per line.
    private func reverseVideo(_ session: TmuxSession) throws -> String {
        let screen = try session.screen(escapes: true).replacingOccurrences(of: "\u{1B}[39m", with: "").replacingOccurrences(
            of: "\u{1B}[49m", with: "")
        let runs = screen.components(separatedBy: "\u{1B}[").compactMap { piece -> String? in
            guard piece.hasPrefix("7m") || piece.hasPrefix("0;7m") else { return nil }
            return String(piece.drop { $0 != "m" }.dropFirst())
        }
        return runs.joined(separator: "\n")
    }

    @Test func searchTreeFollowInHexAndJumpToAParseError() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let session = try start("FERRY", home: home)
            defer {
                session.close()
                withExtendedLifetime(home) {}
            }
            try await session.waitForScreen { $0.contains("Nothing sent yet") }
            try session.send("\(server.baseURL)/json", literal: true)
            try session.send("Enter")
            try await session.waitForScreen { $0.contains("200 OK") }

            // Search the tree: the first match is revealed (ancestors expanded), with its path and count.
            try session.send("/")
            try session.send("title", literal: true)
            var screen = try await session.waitForScreen { $0.contains("/title  1/3") }
            #expect(screen.contains("title: Sample Slide Show"))
            #expect(screen.contains("$.slideshow.title"))
            try session.send("Enter", "n")
            screen = try await session.waitForScreen { $0.contains("$.slideshow.slides[0].title") }
            #expect(screen.contains("/title: 2/3"))
            try session.send("N")
            try await session.waitForScreen { $0.contains("─ $.slideshow.title ─") }

            // Hex shows the selected node's bytes, highlighted.
            try session.send("l", "l")
            screen = try await session.waitForScreen {
                $0.contains("00000020  22 53 61 6d 70 6c 65 20  53 6c 69 64 65 20 53 68  |\"Sample Slide Sh|")
            }
            #expect(screen.contains("00000000  7b 0a 20 20 22 73 6c 69  64 65 73 68 6f 77 22 3a  |{.  \"slideshow\":|"))
            #expect(try reverseVideo(session).contains("22 53 61 6d 70 6c 65 20  53 6c 69 64 65 20 53 68"))

            // Jump to an offset, then search bytes.
            try session.send(":")
            try session.send("0x100", literal: true)
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("00000100  ") }
            try session.send("/")
            try session.send("e2 9b b4", literal: true)
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("/e2 9b b4: 1/1") }

            // Malformed JSON: the parse error's offset, and Enter shows that byte in Hex.
            try request("\(server.baseURL)/misbehave/bad-json", in: session)
            try await session.waitForScreen { $0.contains("200 OK  33 B") }
            try session.send("l", "l")
            screen = try await session.waitForScreen { $0.contains("Enter shows byte 33 in Hex") }
            #expect(screen.contains("offset: 33"))
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("00000020  2c") }
            #expect(try reverseVideo(session).split(separator: "\n").contains("2c"), "only the byte the error names")

            // Raw pretty-printed and back.
            try request("\(server.baseURL)/json", in: session)
            try await session.waitForScreen { $0.contains("200 OK") && !$0.contains("200 OK  33 B") }
            try session.send("h", "p")
            screen = try await session.waitForScreen { $0.contains("Raw: pretty-printed") }
            #expect(screen.contains(#"{"title": "Wake up to WonderWidgets!", "type": "all"}"#) == false)
            #expect(screen.contains(#""title": "Wake up to WonderWidgets!","#))
            try session.send("q")
            screen = try await session.waitForScreen { $0.contains("EXITED") }
            #expect(screen.contains("EXITED 0"))
        }
    }

    @Test func viewAFileAndAPipe() async throws {
        let home = try TemporaryDirectory()
        let file = try home.write("records.json", Data(#"{"records": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}]}"#.utf8))
        defer { withExtendedLifetime(home) {} }
        for command in ["FERRY view \(file)", "cat \(file) | FERRY view -"] {
            let session = try start(command, home: home)
            defer { session.close() }
            var screen = try await session.waitForScreen { $0.contains("$: {1}") }
            #expect(screen.contains(command.hasPrefix("cat") ? "standard input" : "records.json"))
            #expect(screen.contains("Tree │ Raw │ Hex │ Errors │"))
            #expect(!screen.contains("Headers │"))
            try session.send(":")
            try session.send("$.records[0].tags[1]", literal: true)
            try session.send("Enter")
            screen = try await session.waitForScreen { $0.contains("─ $.records[0].tags[1] ─") }
            #expect(screen.contains("[1]: b"))
            try session.send("l", "l")
            try await session.waitForScreen { $0.contains("00000000  7b 22 72 65") }
            try session.send("q")
            screen = try await session.waitForScreen { $0.contains("EXITED") }
            #expect(screen.contains("EXITED 0"))
            #expect(
                try session.tmux(["display-message", "-p", "-t", "ferry", "#{alternate_on}"], reading: true).trimmingCharacters(
                    in: .whitespacesAndNewlines) == "0")
        }
    }

    @Test func viewPrintsWhenStandardOutputIsNotATerminal() async throws {
        let home = try TemporaryDirectory()
        let file = try home.write("a.json", Data(#"{"a": [1, 2]}"#.utf8))
        let result = await FerryBinary.run(["view", file])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("\"a\": ["))
    }
}
