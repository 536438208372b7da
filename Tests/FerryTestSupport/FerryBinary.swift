import Foundation

/// Runs the built `ferry` executable (it sits beside the test bundle in the build folder).
public enum FerryBinary {
    public static var path: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("ferry").path
    }

    public typealias Outcome = ChildProcess.Outcome

    /// Runs `ferry arguments…` to completion with stdin closed (or read from the file
    /// `standardInput`), in `directory` (else the test's own), killed at the deadline (`ChildProcess`).
    /// `environment` replaces the test process's own; without one, `XDG_DATA_HOME` still points at a
    /// temporary folder so no test records into the user's history.
    public static func run(
        _ arguments: [String], standardInput: String? = nil, environment: [String: String]? = nil, directory: String? = nil,
        timeout: TimeInterval = 60
    ) async -> Outcome {
        await ChildProcess.run(
            path, arguments, standardInput: standardInput, environment: environment ?? defaultEnvironment, directory: directory,
            timeout: timeout)
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
        ChildProcess.start(path, arguments, standardInput: standardInput, environment: environment ?? defaultEnvironment)
    }

    private static var defaultEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": scratchDataHome]) { $1 }
    }
}

/// The data folder of tests that do not choose one: a fresh folder for this test process.
private let scratchDataHome: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-test-data-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
