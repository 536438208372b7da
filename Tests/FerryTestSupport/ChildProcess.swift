import Foundation

/// Runs a program to completion for a test: standard input from a file or /dev/null, both output
/// pipes read on threads of their own, and the child killed (SIGKILL) at the deadline so a hung
/// program fails its test instead of hanging the suite.
public enum ChildProcess {
    public struct Outcome: Sendable {
        /// The exit status, or -1 when the child was killed at the deadline.
        public var status: Int32
        public var stdout: Data
        /// Standard error; after a timeout it ends with a line saying so.
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `executable arguments…` on a thread of its own, so the blocking reads never starve the
    /// test's concurrency pool.
    public static func run(
        _ executable: String, _ arguments: [String], standardInput: String? = nil, environment: [String: String]? = nil,
        directory: String? = nil, timeout: TimeInterval = 60
    ) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread {
                let process = start(executable, arguments, standardInput: standardInput, environment: environment, directory: directory)
                continuation.resume(
                    returning: wait(for: process, description: ([executable] + arguments).joined(separator: " "), timeout: timeout))
            }.start()
        }
    }

    /// Starts `executable arguments…` with piped output.
    public static func start(
        _ executable: String, _ arguments: [String], standardInput: String? = nil, environment: [String: String]? = nil,
        directory: String? = nil
    ) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = standardInput.flatMap(FileHandle.init(forReadingAtPath:)) ?? FileHandle.nullDevice
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try! process.run()
        return process
    }

    /// Stops a server the test started: SIGTERM now, then, on a thread of its own (the caller does not
    /// wait), SIGKILL when it is still running after `grace` seconds (some wait on their open connections).
    public static func stop(_ process: Process, grace: TimeInterval) {
        process.terminate()
        Thread { waitOrKill(process, grace: grace) }.start()
    }

    private static func waitOrKill(_ process: Process, grace: TimeInterval) {
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits for a started process, killing it at the deadline.
    static func wait(for process: Process, description: String, timeout: TimeInterval) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        let outputData = LockedData()
        let errorData = LockedData()
        for (pipe, data) in [(process.standardOutput as! Pipe, outputData), (process.standardError as! Pipe, errorData)] {
            Thread {
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty { data.append(chunk) }
                data.finish()
            }.start()
        }
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let exited = Date()
        // The pipes close with the child; a grandchild holding them gets a few more seconds — counted
        // from the exit or the last bytes read, whichever is later, so a large output still being read
        // on a loaded machine is whole (and a child that ran longer than that grace is still read).
        while !(outputData.isSet && errorData.isSet),
            Date() < max(exited, outputData.lastRead, errorData.lastRead).addingTimeInterval(5)
        { Thread.sleep(forTimeInterval: 0.005) }
        var stderr = String(decoding: errorData.value, as: UTF8.self)
        if timedOut { stderr += "\n[test helper: \(description) was killed after \(Int(timeout)) s]" }
        return Outcome(status: timedOut ? -1 : process.terminationStatus, stdout: outputData.value, stderr: stderr)
    }
}

/// The bytes a pipe's reader thread read, and whether it read to the end.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    private var lastReadTime = Date()
    func append(_ chunk: Data) {
        lock.withLock {
            data.append(chunk)
            lastReadTime = Date()
        }
    }
    func finish() { lock.withLock { finished = true } }
    var isSet: Bool { lock.withLock { finished } }
    /// When bytes last arrived (or when reading started).
    var lastRead: Date { lock.withLock { lastReadTime } }
    var value: Data { lock.withLock { data } }
}
