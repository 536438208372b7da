import FerryTestSupport
import Foundation
import Testing

extension TUITests {
    /// The real `ferry` in tmux: a slow event stream shows its first event before it ends, Esc keeps what arrived.
    @Test func theEventsTabShowsTheFirstEventBeforeTheStreamEnds() async throws {
        try await withDemoServer { server in
            try await withFreshFerry { session, home in
                // Events ten seconds apart, forever: only Esc ends this stream.
                try session.send("\(server.baseURL)/sse?count=0&interval=10", literal: true)
                try session.send("Enter")
                var screen = try await session.waitForScreen { $0.contains("1 event ·") }
                #expect(screen.contains("│ Events │"), "\(screen)")
                #expect(screen.contains("event 1 · tick · id 1"))
                #expect(screen.contains("text: tick 1"))
                #expect(screen.contains("following"))
                #expect(!screen.contains("200 OK"), "\(screen)")
                try session.send("Escape")
                screen = try await session.waitForScreen { $0.contains("200 OK") && $0.contains("ended") }
                #expect(screen.contains("event 1 · tick · id 1"))
                try session.send("q")
                try await session.waitForScreen { $0.contains("EXITED 0") }
            }
        }
    }
}
