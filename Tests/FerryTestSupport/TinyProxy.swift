import Foundation

/// tinyproxy (Debian's tinyproxy-bin, installed by scripts/install-deps) on a free 127.0.0.1 port,
/// in the foreground, for tests of `-x`: plain HTTP forwarded (it adds a `Via` header) and https
/// tunnelled with CONNECT; with `basicAuth` it answers 407 without `USER:PASSWORD`.
public final class TinyProxy: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: String
    /// What tinyproxy logged (CONNECT lines among them).
    public let logPath: String
    private let process: Process
    private let directory: TemporaryDirectory

    private init(url: String, logPath: String, process: Process, directory: TemporaryDirectory) {
        self.url = url
        self.logPath = logPath
        self.process = process
        self.directory = directory
    }

    /// Starts tinyproxy and waits (at most `timeout` seconds) until it accepts connections.
    public static func start(basicAuth: (user: String, password: String)? = nil, timeout: TimeInterval = 30) throws -> TinyProxy {
        let directory = try TemporaryDirectory()
        let port = try unusedLocalPort()
        let log = directory.file("tinyproxy.log")
        var config = "Port \(port)\nListen 127.0.0.1\nTimeout 30\nAllow 127.0.0.1\nLogLevel Info\nLogFile \"\(log)\"\nMaxClients 20\n"
        if let basicAuth { config += "BasicAuth \(basicAuth.user) \(basicAuth.password)\n" }
        let configPath = try directory.write("tinyproxy.conf", Data(config.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tinyproxy")
        process.arguments = ["-d", "-c", configPath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if acceptsConnections(port: port) {
                return TinyProxy(url: "http://127.0.0.1:\(port)", logPath: log, process: process, directory: directory)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw StartFailure(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)")
    }

    /// The log so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Stops tinyproxy: SIGTERM, then SIGKILL after 3 s (it may wait on its connections).
    public func stop() { ChildProcess.stop(process, grace: 3) }

    /// tinyproxy never listened.
    public struct StartFailure: Error, CustomStringConvertible {
        public var log: String
        public var description: String { "tinyproxy did not start (is it installed? scripts/install-deps); its log:\n\(log)" }
    }
}

/// Runs `body` with a fresh tinyproxy, stopping it afterwards.
public func withTinyProxy<T>(basicAuth: (user: String, password: String)? = nil, _ body: (TinyProxy) async throws -> T) async throws -> T {
    let credentials = basicAuth.map { [$0.user, $0.password] }
    let proxy = try await onOwnThread { try TinyProxy.start(basicAuth: credentials.map { (user: $0[0], password: $0[1]) }) }
    defer { proxy.stop() }
    return try await body(proxy)
}
