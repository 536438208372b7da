import Foundation

/// A detached tmux session on its own server socket, driven with send-keys and read with capture-pane.
///
/// The server is started from a shell that stays alive until it ends: a tmux server whose launching
/// process exits is gone at once under Foundation's `Process` on Linux (Documentation/DECISIONS.md).
public final class TmuxSession: Sendable {
    public let socket: String
    private let host: Process

    /// Starts `command` (run by `sh -c`) in a new session of `width`×`height`.
    public init(command: String, width: Int = 120, height: Int = 40) throws {
        socket = "ferry-test-\(UUID().uuidString.prefix(8))"
        let arguments = ["tmux", "-L", socket, "new-session", "-d", "-s", "ferry", "-x", "\(width)", "-y", "\(height)", command]
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", quoted.joined(separator: " ") + " && while tmux -L \(socket) has-session 2>/dev/null; do sleep 0.2; done",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        host = process
    }

    /// Ends the session and its server.
    public func close() {
        _ = try? tmux(["kill-server"])
        host.waitUntilExit()
    }

    /// Runs a tmux command on this server; its standard output when `reading`.
    @discardableResult
    public func tmux(_ arguments: [String], reading: Bool = false) throws -> String {
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

    /// The visible screen; with `escapes`, including the SGR sequences tmux would draw.
    public func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []), reading: true)
    }

    /// Types keys as tmux names them (`Enter`, `Escape`, `C-r`, `F1`) or, with `literal`, as text.
    public func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "ferry"] + (literal ? ["-l"] : []) + keys)
    }

    /// Polls the screen until `condition` holds and returns that screen; throws `ScreenTimeout`
    /// (which shows the last screen) when `timeout` passes first, failing the test.
    @discardableResult
    public func waitForScreen(
        timeout: Duration = .seconds(45), _ condition: (String) -> Bool,
        fileID: String = #fileID, line: Int = #line
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = try self.screen()
        while !condition(screen) {
            guard ContinuousClock.now < deadline else { throw ScreenTimeout(screen: screen, place: "\(fileID):\(line)") }
            try await Task.sleep(for: .milliseconds(50))
            screen = try self.screen()
        }
        return screen
    }

    /// Like `waitForScreen`, but returns only a screen that `condition` accepts twice in a row,
    /// 100 ms apart and unchanged: tmux can be read in the middle of a frame being written, and a
    /// value read off such a screen (a length on the last line) may still be the previous one.
    @discardableResult
    public func waitForSteadyScreen(
        timeout: Duration = .seconds(15), _ condition: (String) -> Bool,
        fileID: String = #fileID, line: Int = #line
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = try await waitForScreen(timeout: timeout, condition, fileID: fileID, line: line)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            let again = try self.screen()
            if again == screen, condition(again) { return again }
            screen = again
        }
        throw ScreenTimeout(screen: screen, place: "\(fileID):\(line)", steady: true)
    }
}

/// A screen wait that did not see what it waited for by its deadline: the test fails showing the last screen.
public struct ScreenTimeout: Error, CustomStringConvertible {
    public var screen: String
    public var place: String
    public var steady = false

    public var description: String {
        "\(place): the screen did not \(steady ? "settle on" : "show") what the test waited for; the last screen was:\n\(screen)"
    }
}
