import FerryTUI
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

/// The in-memory terminal: frames are applied as diffs, input is queued and waited for.
@Suite struct MemoryTerminalTests {
    private func canvas(_ rows: [String], style: Style = .plain) -> Canvas {
        var canvas = Canvas(width: 8, height: rows.count)
        for (y, row) in rows.enumerated() { canvas.put(row, x: 0, y: y, style: style) }
        return canvas
    }

    @Test func framesAreAppliedAsDiffsOntoWhatIsPainted() {
        let terminal = MemoryTerminal(width: 8, height: 2)
        let first = canvas(["名前 ab", "cd"])
        terminal.draw(first, previous: nil)
        #expect(terminal.screen == first)

        var second = canvas(["名前 ab", "xy"])
        second.restyle(Rect(x: 0, y: 0, width: 2, height: 1), style: Style(bold: true))
        second.cursor = (1, 1)
        terminal.draw(second, previous: first)
        #expect(terminal.screen == second)

        // A frame drawn against the wrong previous one paints only what differs from it: the
        // cells the diff misses keep what the screen had, as on a real terminal.
        terminal.draw(canvas(["new", "xy"]), previous: canvas(["new", "cd"]))
        #expect(terminal.screen.text == "名前 ab\nxy")
        #expect(terminal.screen[0, 0].style.bold)
    }

    @Test func aResizeClearsTheScreenAndIsReadAsAnEvent() {
        let terminal = MemoryTerminal(width: 8, height: 2)
        terminal.draw(canvas(["ab", "cd"]), previous: nil)
        terminal.resize(width: 4, height: 3)
        #expect(terminal.size.width == 4 && terminal.size.height == 3)
        #expect(terminal.screen == Canvas(width: 4, height: 3))
        guard case .resize(4, 3) = terminal.nextEvent(timeout: 0) else {
            Issue.record("no resize event")
            return
        }
    }

    @Test func inputComesInOrderAndNothingAfterTheTimeout() {
        let terminal = MemoryTerminal(width: 8, height: 2)
        #expect(terminal.nextEvent(timeout: 1) == nil)
        terminal.type("a\n")
        terminal.send([.paste("p")])
        let events = (0..<3).map { _ -> String in
            switch terminal.nextEvent(timeout: 0) {
            case .key(let key)?: key.spec
            case .paste(let text)?: "paste " + text
            default: "other"
            }
        }
        #expect(events == ["a", "enter", "paste p"])
        #expect(terminal.nextEvent(timeout: 0) == nil)
        terminal.hangUp()
        guard case .terminate(.terminalLost) = terminal.nextEvent(timeout: 0) else {
            Issue.record("no terminalLost after the hang-up")
            return
        }
    }

    /// A terminal with a reader waiting for its next event on another thread.
    private func terminalWithAWaitingReader() async throws -> (MemoryTerminal, WaitingReader) {
        let terminal = MemoryTerminal(width: 8, height: 2)
        let reader = WaitingReader(terminal)
        try await reader.started()
        return (terminal, reader)
    }

    /// A reader waiting on another thread gets the key sent while it waits.
    @Test func aWaitingReaderWakesForInput() async throws {
        let (terminal, reader) = try await terminalWithAWaitingReader()
        terminal.press([.enter])
        guard case .key(.enter)? = try await reader.returned() else {
            Issue.record("the reader did not get the key within 10 s")
            return
        }
    }

    /// `wakeUp` (another thread saying a message is ready) ends the wait with no event, and only once.
    @Test func wakeUpEndsAWaitWithNoEvent() async throws {
        let (terminal, reader) = try await terminalWithAWaitingReader()
        terminal.wakeUp()
        guard let returned = try await reader.returned() else {
            Issue.record("the wait was not cut short within 10 s")
            return
        }
        #expect(returned == nil, "the wait returned an event")
        #expect(terminal.nextEvent(timeout: 1) == nil)
    }
}
