import FerryTestSupport
import Foundation
import Testing

/// On a real terminal (tmux), escape sequences from a response are shown, never executed,
/// and binary bodies are described instead of dumped.
@Suite(.serialized) struct TerminalOutputTests {
    @Test func responsesCannotDriveTheTerminal() async throws {
        try await withDemoServer { server in
            let command =
                "\(FerryBinary.path) send --no-history \(server.baseURL)/misbehave/escapes; \(FerryBinary.path) send --no-history \(server.baseURL)/bytes/64; echo DONE; sleep 30"
            let session = try TmuxSession(command: "env TERM=tmux-256color sh -c '\(command)'", width: 120, height: 20)
            defer { session.close() }
            try await session.waitForScreen(timeout: .seconds(10)) { $0.contains("DONE") }
            let screen = try session.screen(escapes: true)
            #expect(screen.contains(#"plain \x1B[31mred\x1B[0m \x1B]0;pwned\x07title \x1B[2Jcleared \x07bell \x9B31mC1"#))
            // capture-pane -e would show a colour change as an SGR sequence had one been executed.
            #expect(!screen.contains("\u{1B}[31m"))
            #expect(screen.contains("not showing a binary body of 64 bytes"))
        }
    }
}
