import FerryCore
import FerryServer
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The Events tab, in-process against the demo server's streams: events on screen before the stream
/// ends, follow mode, the selected event's JSON as a tree, Esc keeping what arrived, the Timeline's marks.
@Suite struct EventsTabTests {
    /// Runs `body` with a TUI (110×34) ready for a URL and a demo server.
    private func withTUI(_ body: (InProcessTUI, DemoServer) async throws -> Void) async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 110, height: 34)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            try await body(tui, server)
        }
    }

    /// The count in the Events tab's header ("12 events · …"), 0 when there is none.
    private func eventCount(_ text: String) -> Int {
        guard let range = text.range(of: #"\d+ events? ·"#, options: .regularExpression) else { return 0 }
        return Int(text[range].prefix { $0.isNumber }) ?? 0
    }

    @Test func theFirstEventShowsBeforeTheStreamEndsAndEscKeepsIt() async throws {
        try await withTUI { tui, server in
            // An endless stream, an event every ten seconds: only Esc ends it.
            tui.type("\(server.baseURL)/sse?count=0&interval=10")
            tui.press(.enter)
            var screen = try await tui.waitForScreen { $0.text.contains("1 event ·") }
            #expect(screen.text.contains("│ Events │"))
            #expect(screen.text.contains("following"), "\(screen)")
            #expect(screen.text.contains("event 1 · tick · id 1"))
            #expect(screen.text.contains("text: tick 1"), "the event's JSON as a tree: \(screen)")
            #expect(!screen.text.contains("200 OK"), "the stream had already ended: \(screen)")

            tui.press(.escape)
            screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("ended") }
            #expect(screen.text.contains("event 1 · tick · id 1"))

            // The Timeline marks the first byte and the event.
            tui.press(.character("h"))
            screen = try await tui.waitForScreen { $0.text.contains("first byte") }
            let marks = try #require(screen.text.split(separator: "\n").first { $0.contains("events") && $0.contains("▕") })
            let bar = try #require(marks.split(separator: "▕").last?.split(separator: "▏").first, "\(marks)")
            #expect(bar.filter { $0 == "│" }.count == 1, "\(marks)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func upPausesFollowingAndGFollowsAgain() async throws {
        try await withTUI { tui, server in
            tui.type("\(server.baseURL)/ndjson?count=0&interval=0.2")
            tui.press(.enter)
            try await tui.waitForScreen { eventCount($0.text) >= 3 }
            tui.press(.character("k"))
            var screen = try await tui.waitForScreen { $0.text.contains("paused") }
            let line = try #require(screen.text.split(separator: "\n").first { $0.contains("── event ") }, "\(screen)")
            let paused = try #require(Int(line.split(separator: " ").dropFirst(2).first ?? ""), "\(line)")
            // More events arrive; the selection stays on the one paused at.
            screen = try await tui.waitForScreen { eventCount($0.text) >= paused + 3 }
            #expect(screen.text.contains("── event \(paused) · line"), "\(screen)")
            tui.press(.character("G"))
            screen = try await tui.waitForScreen { $0.text.contains("following") }
            #expect(!screen.text.contains("── event \(paused) · line"), "\(screen)")
            tui.press(.escape)
            try await tui.waitForScreen { $0.text.contains("200 OK") }
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func escStopsAnEndlessStreamAndKeepsWhatArrived() async throws {
        try await withTUI { tui, server in
            tui.type("\(server.baseURL)/ndjson?count=0&interval=0.1")
            tui.press(.enter)
            try await tui.waitForScreen { eventCount($0.text) >= 3 }
            tui.press(.escape)
            var screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("ended") }
            #expect(screen.text.contains("message: record"), "the last event's JSON: \(screen)")
            // Stopped by the user, not failed: the status line says so, and no validation failed.
            #expect(screen.text.contains("stopped by you"), "\(screen)")
            #expect(!screen.text.contains("validation"), "\(screen)")
            // Raw shows the body that arrived (the Events tab is the last; Raw is two to the right, wrapping).
            tui.press(.character("l"), .character("l"))
            screen = try await tui.waitForScreen { $0.text.contains(#"{"n":1,"level":"info","message":"record 1"}"#) }
            #expect(try await tui.quit() == 0)
        }
    }

    /// `t` streams any response, as `--stream` does: a text log that is no stream type fills the
    /// Events tab line by line; `t` again shows such a response whole.
    @Test func theStreamKeyShowsAnyResponseAsEvents() async throws {
        try await withTUI { tui, server in
            tui.press(.escape)
            tui.press(.character("L"))
            try await tui.waitForScreen { $0.text.contains("every response streams") }
            tui.press(.character("2"))
            tui.type("\(server.baseURL)/log?count=3&interval=0")
            tui.press(.enter)
            var screen = try await tui.waitForScreen { $0.text.contains("3 events ·") && $0.text.contains("200 OK") }
            #expect(screen.text.contains("│ Events │"), "\(screen)")
            #expect(screen.text.contains("step 3: done"), "\(screen)")
            tui.press(.character("L"))
            try await tui.waitForScreen { $0.text.contains("only streams") }
            tui.press(.character("2"))
            tui.press(.enter)
            screen = try await tui.waitForScreen { $0.text.contains("200 OK") && !$0.text.contains("│ Events │") }
            #expect(!screen.text.contains("events ·"), "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }
}
