import FerryCore
import FerryServer
import FerryTestSupport
import FerryTUI
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

    @Test func eventsShowAsTheyArriveAndTheSelectionFollows() async throws {
        try await withTUI { tui, server in
            // Three events two seconds apart: the first is on screen while the stream goes on.
            tui.type("\(server.baseURL)/sse?count=3&interval=2")
            tui.press(.enter)
            var screen = try await tui.waitForScreen { $0.text.contains("1 event ·") }
            #expect(screen.text.contains("Events"))
            #expect(screen.text.contains("following"), "\(screen)")
            #expect(screen.text.contains("tick"))
            #expect(screen.text.contains("event 1 · tick · id 1"))
            #expect(screen.text.contains("text: tick 1"), "the event's JSON as a tree: \(screen)")
            #expect(!screen.text.contains("200 OK"), "the stream had already ended: \(screen)")

            screen = try await tui.waitForScreen { $0.text.contains("2 events") }
            #expect(screen.text.contains("event 2 · message · id 2"))
            #expect(screen.text.contains("message 2, first line"))
            #expect(screen.text.contains("second line"))

            // Up pauses following on event 1; the third event arrives without moving the selection; G follows again.
            tui.press(.character("k"))
            screen = try await tui.waitForScreen { $0.text.contains("paused") && $0.text.contains("event 1 · tick") }
            screen = try await tui.waitForScreen { $0.text.contains("3 events") && $0.text.contains("ended") }
            #expect(screen.text.contains("event 1 · tick · id 1"), "\(screen)")
            #expect(screen.text.contains("200 OK"))
            tui.press(.character("G"))
            screen = try await tui.waitForScreen { $0.text.contains("event 3 · token · id 3") }
            #expect(screen.text.contains("token: word3"))

            // The Timeline marks the first byte and the events.
            tui.press(.character("h"))
            screen = try await tui.waitForScreen { $0.text.contains("first byte") }
            let marks = try #require(screen.text.split(separator: "\n").first { $0.contains("events") && $0.contains("▕") })
            let bar = try #require(marks.split(separator: "▕").last?.split(separator: "▏").first, "\(marks)")
            #expect(bar.filter { $0 == "│" }.count == 3, "\(marks)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func escStopsAnEndlessStreamAndKeepsWhatArrived() async throws {
        try await withTUI { tui, server in
            tui.type("\(server.baseURL)/ndjson?count=0&interval=0.1")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("3 events") }
            tui.press(.escape)
            var screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("ended") }
            #expect(screen.text.contains("level: info"), "the last event's JSON: \(screen)")
            // Raw shows the body that arrived (the Events tab is the last; Raw is two to the right, wrapping).
            tui.press(.character("l"), .character("l"))
            screen = try await tui.waitForScreen { $0.text.contains(#"{"n":1,"level":"info","message":"record 1"}"#) }
            #expect(try await tui.quit() == 0)
        }
    }
}
