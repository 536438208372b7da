import FerryTerminal
import Foundation
import Testing

/// The pipe that cuts the curses terminal's wait for a key short.
@Suite struct WakePipeTests {
    private func isReadable(_ pipe: WakePipe) -> Bool {
        var wait = [pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)]
        return poll(&wait, 1, 0) == 1
    }

    @Test func wakeMakesTheReadEndReadableUntilDrained() throws {
        let pipe = try #require(WakePipe())
        #expect(!isReadable(pipe))
        pipe.wake()
        pipe.wake()
        #expect(isReadable(pipe))
        pipe.drain()
        #expect(!isReadable(pipe))
    }

    /// Many wake-ups with nobody draining never block the thread that posts (the pipe is full, not stuck).
    @Test func aFullPipeDoesNotBlockTheWaker() throws {
        let pipe = try #require(WakePipe())
        for _ in 0..<100_000 { pipe.wake() }
        #expect(isReadable(pipe))
        pipe.drain()
        #expect(!isReadable(pipe))
    }
}
