import Foundation

/// A keep-alive HTTP/1.1 server (on `HostileServer`'s threads) that answers every request with one
/// status and body and counts the requests by path; `stall` may hold an answer back: given the
/// seconds since the server's first request, it returns how long to wait before answering.
public final class CountingServer: @unchecked Sendable {
    private let server: HostileServer
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var first: Date?

    public init(status: Int = 200, body: String = #"{"ok":true}"#, stall: (@Sendable (TimeInterval) -> TimeInterval)? = nil) throws {
        let box = Box()
        server = try HostileServer(backlog: 1024) { connection in
            while let head = connection.readRequest() {
                let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                let since = box.owner?.count(path) ?? 0
                // The stall is the behaviour under test (a server that pauses), not a wait for a condition.
                if let wait = stall?(since), wait > 0 { Thread.sleep(forTimeInterval: wait) }
                let reply =
                    "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                guard connection.send(reply) else { return }
            }
        }
        box.owner = self
    }

    public var url: String { server.url }

    /// Requests read so far, on every path.
    public var total: Int { lock.withLock { counts.values.reduce(0, +) } }

    public func count(of path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

    public func stop() { server.stop() }

    /// Counts a request; returns the seconds since the first one.
    private func count(_ path: String) -> TimeInterval {
        lock.withLock {
            counts[path, default: 0] += 1
            let now = Date()
            first = first ?? now
            return now.timeIntervalSince(first!)
        }
    }

    private final class Box: @unchecked Sendable {
        weak var owner: CountingServer?
    }
}
