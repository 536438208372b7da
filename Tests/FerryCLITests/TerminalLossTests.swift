import FerryTestSupport
import Foundation
import Testing

/// The TUI ends by itself when its terminal goes away, even when no SIGHUP reaches it (a parent
/// shell that ignores it, `nohup`, a closed SSH session): it must not spin on a dead terminal.
@Suite(.serialized) struct TerminalLossTests {
    /// The pid of the one process whose command line holds `marker`, waiting for it to start.
    private func pid(ofProcessWith marker: String, timeout: Duration = .seconds(15)) async throws -> pid_t {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = pid_t(entry), pid != getpid(),
                    let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { continue }
                let words = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                if words.first.map({ $0.hasSuffix("/ferry") }) == true, words.contains(marker) { return pid }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TerminalLossFailure.notStarted(marker)
    }

    /// True once `pid` is gone (or a zombie waiting for its parent), false if it still runs at the deadline.
    private func waitForExit(of pid: pid_t, timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if status.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aLostTerminalEndsTheTUIWithoutSIGHUP() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        let statusFile = home.file("status")
        // ferry runs as a child (not exec'ed) of the session's shell, which ignores SIGHUP, and
        // inherits the ignored SIGHUP, as under nohup: only its input tells that the terminal is gone.
        let environment =
            "TERM=tmux-256color HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data LANG=C.UTF-8"
        let session = try TmuxSession(
            command: "trap '' HUP; env \(environment) \(FerryBinary.path) --collection \(collection); echo $? > \(statusFile); true",
            width: 100, height: 30)
        defer { session.close() }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        let ferry = try await pid(ofProcessWith: collection)

        try session.tmux(["kill-server"])
        let ended = try await waitForExit(of: ferry, timeout: .seconds(20))
        if !ended { kill(ferry, SIGKILL) }
        #expect(ended, "ferry kept running after its terminal went away")
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: statusFile), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let status = try String(contentsOfFile: statusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "1", "exit status \(status)")
    }

    @Test func sigtermEndsTheTUICleanly() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        let environment =
            "TERM=tmux-256color HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data LANG=C.UTF-8"
        let session = try TmuxSession(
            command: "env \(environment) \(FerryBinary.path) --collection \(collection); echo EXITED $?; sleep 60", width: 100, height: 30)
        defer { session.close() }
        try await session.waitForScreen { $0.contains("Nothing sent yet") }
        kill(try await pid(ofProcessWith: collection), SIGTERM)
        let screen = try await session.waitForScreen { $0.contains("EXITED") }
        #expect(screen.contains("EXITED 1"))
        #expect(!screen.contains("Nothing sent yet"), "the terminal was not restored")
    }
}

private enum TerminalLossFailure: Error {
    case notStarted(String)
}
