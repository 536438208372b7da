import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

extension TUITests {
    /// The history the TUI of `home` recorded (`$HOME/.local/share/ferry/history.sqlite`), read from the real file.
    private func history(of home: TemporaryDirectory) throws -> [HistoryEntry] {
        let store = try HistoryStore(path: home.path + "/.local/share/ferry/history.sqlite")
        return try store.entries(HistoryQuery())
    }

    /// The real `ferry` in tmux against the demo server's echo: a message written in the composer goes
    /// up (↑) and comes back (↓); a bad JSON message stays in the composer with the reason and nothing
    /// goes; Esc closes with 1000; the session is one history entry with its transcript.
    @Test func aWebSocketEchoesWhatTheComposerSendsAndClosesOnEscape() async throws {
        try await withDemoServer { server in
            try await withFreshFerry { session, home in
                let url = server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws"
                try session.send(url, literal: true)
                try session.send("Enter")
                var screen = try await session.waitForScreen { $0.contains("WebSocket open") }
                #expect(screen.contains("│ Events │"), "\(screen)")
                #expect(screen.contains("101 Switching Protocols"), "\(screen)")
                #expect(screen.contains("i compose"), "the footer names the composer's key: \(screen)")

                try session.send("i")
                try session.send(#"{"greeting": "hello ferry"}"#, literal: true)
                try session.send("Enter")
                screen = try await session.waitForScreen { $0.contains("↓  text") }
                #expect(screen.contains("↑  text"), "\(screen)")
                #expect(screen.contains("2 messages (↑1 ↓1)"), "\(screen)")
                #expect(screen.contains("greeting: hello ferry"), "the echo's JSON as a tree: \(screen)")

                // JSON that does not parse stays in the composer, with why; nothing is sent.
                try session.send(#"{"greeting": }"#, literal: true)
                try session.send("Enter")
                screen = try await session.waitForScreen { $0.contains("‹✗ no") }  // "not JSON…", cut to the width with …
                #expect(screen.contains(#"↑ {"greeting": }"#), "the message stays in the composer: \(screen)")
                #expect(screen.contains("2 messages (↑1 ↓1)"), "\(screen)")

                // Esc leaves the composer, Esc again closes the connection; what went and came is kept.
                try session.send("C-u", "Escape")
                try await session.waitForScreen { !$0.contains("↑ {") }
                try session.send("Escape")
                screen = try await session.waitForScreen { $0.contains("WebSocket closed 1000") }
                #expect(screen.contains("↑  close"), "\(screen)")
                #expect(screen.contains("↓  close"), "\(screen)")
                #expect(screen.contains("4 messages (↑2 ↓2)"), "what went and came is kept: \(screen)")

                // The Timeline (left of Events) shows the handshake: the connection and the 101.
                try session.send("h")
                screen = try await session.waitForScreen { $0.contains("upgrade") }
                #expect(screen.contains("connect"), "\(screen)")
                #expect(screen.contains("101 Switching Protocols at"), "\(screen)")
                try session.send("q")
                try await session.waitForScreen { $0.contains("EXITED 0") }

                let entries = try history(of: home)
                try #require(entries.count == 1, "one entry for the session: \(entries.map(\.url))")
                let entry = entries[0]
                #expect(entry.url == url)
                #expect(entry.status == 101)
                #expect(entry.requestLine?.hasPrefix("GET /ws HTTP/1.1") == true, "\(entry.requestLine ?? "")")
                let transcript = String(decoding: entry.responseBody ?? Data(), as: UTF8.self).split(separator: "\n")
                let lines = try transcript.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
                #expect(
                    lines.map { "\($0["direction"] ?? "") \($0["kind"] ?? "")" } == [
                        "sent text", "received text", "sent close", "received close",
                    ])
                #expect(lines[1]["text"] as? String == #"{"greeting": "hello ferry"}"#)
            }
        }
    }

    /// A server that pushes: the ping, the messages and its close code and reason are rows; the
    /// session's entry is in `ferry history list`, and `show` prints its transcript.
    @Test func aPushingWebSocketShowsPingMessagesAndTheClose() async throws {
        try await withDemoServer { server in
            try await withFreshFerry { session, home in
                let url = server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws/push?count=2&interval=0.2"
                try session.send(url, literal: true)
                try session.send("Enter")
                let screen = try await session.waitForScreen { $0.contains("· closed 1000 (that was all)") }
                #expect(screen.contains("↓  ping"), "\(screen)")
                #expect(screen.contains("4 messages (↑0 ↓4)"), "ping, two pushes, the close: \(screen)")
                #expect(screen.contains("↓  close"), "\(screen)")
                #expect(screen.contains("1000 (that was all)"), "\(screen)")
                // The history pane shows the session as it was: the 101, its transcript in Raw, no failure.
                try session.send("F5")
                try await session.waitForScreen { $0.contains("History:") && $0.contains("GET    101 ws://") }
                try session.send("Enter")
                let recorded = try await session.waitForScreen { $0.contains("recorded exchange") }
                #expect(recorded.contains("101 Switching Protocols"), "\(recorded)")
                #expect(!recorded.contains("validation"), "\(recorded)")
                try session.send("q")
                try await session.waitForScreen { $0.contains("EXITED 0") }

                let environment = ProcessInfo.processInfo.environment.merging([
                    "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share",
                ]) { $1 }
                let list = await FerryBinary.run(["history", "list"], environment: environment)
                #expect(list.text.contains("101") && list.text.contains(url), "\(list.text)")
                let show = await FerryBinary.run(["history", "show", "1"], environment: environment)
                #expect(show.text.contains("< HTTP/1.1 101 Switching Protocols"), "\(show.text)")
                #expect(show.text.contains(#""closeCode":1000,"closeReason":"that was all""#), "\(show.text)")
                #expect(show.text.contains(#"push 2 of 2"#), "\(show.text)")
            }
        }
    }
}

extension TUITests {
    /// The TUI against a WebSocket server nobody here wrote (the `websockets` package from PyPI):
    /// the server's own close code and reason, and a connection it drops (1006), end the session.
    @Test func aForeignServersCloseCodeAndADroppedConnectionShow() async throws {
        try await WebSocketSendTests().withServer { base in
            try await withFreshFerry { session, home in
                try session.send("\(base)/close/4001", literal: true)
                try session.send("Enter")
                try await session.waitForScreen { $0.contains("WebSocket open") }
                try session.send("i")
                try session.send("bye?", literal: true)
                try session.send("Enter")
                var screen = try await session.waitForScreen { $0.contains("· closed 4001 (bye 4001)") }
                #expect(screen.contains("↑  text"), "\(screen)")
                #expect(!screen.contains("↑ bye?"), "the composer closed with the connection: \(screen)")

                try session.send("2", "C-u")
                try session.send("\(base)/drop", literal: true)
                try session.send("Enter")
                try await session.waitForScreen { $0.contains("WebSocket open") }
                try session.send("i")
                try session.send("x", literal: true)
                try session.send("Enter")
                screen = try await session.waitForScreen { $0.contains("· closed 1006") }
                #expect(screen.contains("dropped without a close"), "\(screen)")
                try session.send("q")
                try await session.waitForScreen { $0.contains("EXITED 0") }
            }
        }
    }
}
