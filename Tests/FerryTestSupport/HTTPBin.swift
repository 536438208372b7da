import Foundation

/// httpbin (from PyPI, installed by scripts/install-deps) served by gunicorn on a free 127.0.0.1
/// port, for tests that need a third-party HTTP implementation (digest, cookies).
public final class HTTPBin: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let process: Process

    private init(baseURL: String, process: Process) {
        self.baseURL = baseURL
        self.process = process
    }

    /// Starts gunicorn and waits (at most `timeout` seconds) for the line naming the port it bound;
    /// throws with what it printed when it never comes.
    public static func start(timeout: TimeInterval = 60) throws -> HTTPBin {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gunicorn", "--bind", "127.0.0.1:0", "--workers", "2", "--log-level", "info", "httpbin:app"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let lines = LineWatcher()
        Thread {
            var buffer = Data()
            while true {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                lines.update(String(decoding: buffer, as: UTF8.self))
            }
        }.start()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let port = lines.port { return HTTPBin(baseURL: "http://127.0.0.1:\(port)", process: process) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw StartFailure(output: lines.text)
    }

    /// Stops gunicorn and its workers (SIGTERM, then SIGKILL after 10 s).
    public func stop() { ChildProcess.stop(process, grace: 10) }

    /// gunicorn did not say where it listens.
    public struct StartFailure: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "httpbin did not start (is it installed? scripts/install-deps); it printed:\n\(output)" }
    }

    /// The output so far and the port in gunicorn's `Listening at: http://127.0.0.1:PORT` line.
    private final class LineWatcher: @unchecked Sendable {
        private let lock = NSLock()
        private var current = ""
        func update(_ text: String) { lock.withLock { current = text } }
        var text: String { lock.withLock { current } }
        var port: Int? {
            let text = self.text
            guard let range = text.range(of: "Listening at: http://127.0.0.1:") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
    }
}

/// Runs `body` against a fresh httpbin, stopping it afterwards.
public func withHTTPBin<T>(_ body: (HTTPBin) async throws -> T) async throws -> T {
    let server = try await onOwnThread { try HTTPBin.start() }
    defer { server.stop() }
    return try await body(server)
}
