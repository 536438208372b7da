import FerryTestSupport
import Foundation
import Testing

/// On a real terminal (tmux), escape sequences from a response are shown, never executed,
/// and binary bodies are described instead of dumped.
@Suite(.serialized) struct TerminalOutputTests {
    /// Starts a tmux server with `arguments` from a shell that stays alive until the server ends: a
    /// tmux server whose launching process exits is gone at once under Foundation's `Process` (seen here).
    private func startTmuxServer(_ socket: String, _ arguments: [String]) throws -> Process {
        let quoted = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", quoted.joined(separator: " ") + " && while tmux -L \(socket) has-session 2>/dev/null; do sleep 0.2; done"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs a tmux command; only commands that read (`capture-pane`) get a pipe.
    private func tmux(_ socket: String, _ arguments: [String], reading: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = reading ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = reading ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func responsesCannotDriveTheTerminal() async throws {
        try await withDemoServer { server in
            let socket = "ferry-test-\(UUID().uuidString.prefix(8))"
            let command = "\(FerryBinary.path) send \(server.baseURL)/misbehave/escapes; \(FerryBinary.path) send \(server.baseURL)/bytes/64; echo DONE; sleep 30"
            let host = try startTmuxServer(socket, ["new-session", "-d", "-x", "120", "-y", "20", "env TERM=tmux-256color sh -c '\(command)'"])
            defer {
                _ = try? tmux(socket, ["kill-server"])
                host.waitUntilExit()
            }
            var screen = ""
            for _ in 0..<200 {
                screen = try tmux(socket, ["capture-pane", "-p", "-e"], reading: true)
                if screen.contains("DONE") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(screen.contains(#"plain \x1B[31mred\x1B[0m \x1B]0;pwned\x07title \x1B[2Jcleared \x07bell \x9B31mC1"#))
            // capture-pane -e would show a colour change as an SGR sequence had one been executed.
            #expect(!screen.contains("\u{1B}[31m"))
            #expect(screen.contains("not showing a binary body of 64 bytes"))
        }
    }
}
