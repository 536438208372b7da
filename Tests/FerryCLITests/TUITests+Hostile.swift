import FerryTestSupport
import Foundation
import Testing

/// The TUI against the hostile server (issue 13).
extension TUITests {
    /// A slow-loris body (one byte a second) is cancelled by Esc at once: the TUI says so and the
    /// connection is closed, long before the body would have ended.
    @Test func escCancelsASlowLorisBodyAtOnce() async throws {
        let dribbling = LockedFlag()
        let hungUp = LockedFlag()
        let server = try HostileServer { connection in
            connection.readRequest()
            connection.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 600\r\n\r\nab")
            dribbling.set()
            connection.dribble(Array(repeating: UInt8(ascii: "z"), count: 598), every: 1)
            hungUp.set()
        }
        defer { server.stop() }
        try await withFreshFerry { session, _ in
            try session.send("\(server.url)/slow", literal: true)
            try session.send("Enter")
            try await waitFor("the body to start", dribbling)
            try session.send("Escape")
            let screen = try await session.waitForScreen(timeout: .seconds(5)) { $0.contains("the request was cancelled") }
            #expect(screen.contains("the request was cancelled"))
            try await waitFor("the connection to close", hungUp)
        }
    }

    private func waitFor(_ what: String, _ flag: LockedFlag, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !flag.isSet {
            guard ContinuousClock.now < deadline else {
                Issue.record("waited \(timeout) for \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
