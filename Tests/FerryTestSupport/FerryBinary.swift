import Foundation

/// Runs the built `ferry` executable (it sits beside the test bundle in the build folder).
public enum FerryBinary {
    public static var path: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("ferry").path
    }

    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `ferry arguments…` to completion with stdin closed (or read from the file
    /// `standardInput`), on a thread of its own so the blocking reads never starve the test's
    /// concurrency pool.
    /// `environment` replaces the test process's own; without one, `XDG_DATA_HOME` still points at a
    /// temporary folder so no test records into the user's history.
    public static func run(_ arguments: [String], standardInput: String? = nil, environment: [String: String]? = nil, timeout: TimeInterval = 60) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runBlocking(arguments, standardInput: standardInput, environment: environment, timeout: timeout)) }.start()
        }
    }

    /// Both pipes are read on threads of their own, so a child that hangs without closing them is
    /// still killed (SIGKILL) at the deadline; its outcome then says so in `stderr` and has status -1.
    private static func runBlocking(_ arguments: [String], standardInput: String?, environment: [String: String]?, timeout: TimeInterval) -> Outcome {
        let process = start(arguments, standardInput: standardInput, environment: environment)
        let deadline = Date().addingTimeInterval(timeout)
        let outputData = LockedData()
        let errorData = LockedData()
        for (pipe, data) in [(process.standardOutput as! Pipe, outputData), (process.standardError as! Pipe, errorData)] {
            Thread { data.set(pipe.fileHandleForReading.readDataToEndOfFile()) }.start()
        }
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // The pipes close with the child; a grandchild holding them gets a few more seconds.
        let readDeadline = Date().addingTimeInterval(5)
        while !(outputData.isSet && errorData.isSet) && Date() < readDeadline { Thread.sleep(forTimeInterval: 0.005) }
        var stderr = String(decoding: errorData.value, as: UTF8.self)
        if timedOut { stderr += "\n[test helper: ferry \(arguments.joined(separator: " ")) was killed after \(Int(timeout)) s]" }
        return Outcome(status: timedOut ? -1 : process.terminationStatus, stdout: outputData.value, stderr: stderr)
    }

    /// Waits for `process` to end on a thread of its own, so the test's concurrency pool stays free.
    public static func waitForExit(_ process: Process) async {
        await withCheckedContinuation { continuation in
            Thread {
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }

    /// Starts `ferry arguments…` with piped output and stdin from /dev/null or the file `standardInput`.
    public static func start(_ arguments: [String], standardInput: String? = nil, environment: [String: String]? = nil) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment ?? ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": scratchDataHome]) { $1 }
        process.standardInput = standardInput.flatMap(FileHandle.init(forReadingAtPath:)) ?? FileHandle.nullDevice
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try! process.run()
        return process
    }
}

/// The data folder of tests that do not choose one: a fresh folder for this test process.
private let scratchDataHome: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-test-data-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// The bytes a pipe's reader thread read to the end.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
