import FerryTUI
import FerryTerminal
import Testing

@testable import FerryApp

/// Messages posted from other threads wake the UI loop's wait for input instead of waiting for its timeout.
@Suite struct MessageInboxTests {
    @Test func aPostWakesTheWaitingLoopEachTimeAfterADrain() async throws {
        let terminal = MemoryTerminal(width: 8, height: 2)
        let inbox = MessageInbox(wakeUp: terminal.wakeUp)
        for round in 1...2 {
            let reader = WaitingReader(terminal)
            try await reader.started()
            inbox.post(.notice("round \(round)"))
            #expect(try await reader.returned() != nil, "round \(round): the loop's wait was not cut short within 10 s")
            guard case .notice(let text)? = inbox.drain().first else {
                Issue.record("round \(round): the posted message was not in the inbox")
                return
            }
            #expect(text == "round \(round)")
        }
    }
}
