import FerryDigest
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP server on 127.0.0.1 that plays one scripted behaviour on every connection: plain POSIX
/// sockets on threads of its own, so it can send what no HTTP library would (resets mid-head, lying
/// lengths, 10,000 headers, escape sequences, a body at one byte a second). It counts connections
/// and request bytes, so a test can check that nothing was sent.
public final class HostileServer: @unchecked Sendable {
    /// What the server does with one accepted connection; the connection is closed when it returns.
    public typealias Behaviour = @Sendable (HostileConnection) -> Void

    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    /// Whether `acceptLoop` runs: it then closes the listener itself, when `stop` has shut it.
    private let accepting: Bool
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var accepted = 0
    private var received = 0
    private var stopped = false
    private var open: [HostileConnection] = []

    /// Starts listening (`backlog` queued connections) and accepting on a thread of its own;
    /// `accepting: false` listens but never accepts (a full queue makes connects time out).
    public init(backlog: Int32 = 64, accepting: Bool = true, _ behaviour: @escaping Behaviour) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            _ = $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.accepting = accepting
        port = Int(UInt16(bigEndian: address.sin_port))
        self.behaviour = behaviour
        if accepting { Thread { [self] in acceptLoop() }.start() }
    }

    deinit { stop() }

    /// Connections accepted so far.
    public var connections: Int { lock.withLock { accepted } }
    /// Request bytes read on all connections so far.
    public var bytesReceived: Int { lock.withLock { received } }

    /// Stops accepting and shuts every open connection (their behaviours then end).
    public func stop() {
        let connections: [HostileConnection]? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return open
        }
        guard let connections else { return }
        // The accept loop closes the listener once its `accept` fails: closed here, its number could
        // go to another test's listening socket before the loop's next `accept`, which would then
        // take (and close) a connection meant for that server.
        shutdown(listener, Int32(SHUT_RDWR))
        if !accepting { close(listener) }
        for connection in connections { connection.shut() }
    }

    func count(received bytes: Int) { lock.withLock { received += bytes } }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                // Only `stop` ends the loop: a busy test process out of descriptors (or a connection
                // aborted while queued) is a pause, not the end of the server — else the next
                // clients are refused.
                let failure = errno
                if lock.withLock({ stopped }) || [EBADF, EINVAL, ENOTSOCK].contains(failure) { return }
                if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(failure) { usleep(1000) }  // until a descriptor is freed
                continue
            }
            let connection = HostileConnection(fd: fd, server: self)
            let admitted = lock.withLock {
                guard !stopped else { return false }
                accepted += 1
                open.append(connection)
                return true
            }
            guard admitted else {
                close(fd)
                return
            }
            Thread { [self] in
                behaviour(connection)
                connection.finish()
                lock.withLock { open.removeAll { $0 === connection } }
            }.start()
        }
    }
}

/// One accepted connection, driven by a `HostileServer.Behaviour` on its own thread.
public final class HostileConnection: @unchecked Sendable {
    private let fd: Int32
    private weak var server: HostileServer?
    private let lock = NSLock()
    private var closed = false

    init(fd: Int32, server: HostileServer) {
        self.fd = fd
        self.server = server
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads one request head (to the blank line) with its body when it announces a
    /// `Content-Length`; nil when the peer closed first or 10 s passed.
    @discardableResult
    public func readRequest() -> String? { readRequestAndBody()?.head }

    /// The request head as `readRequest` reads it, and the body bytes that came with it.
    public func readRequestAndBody() -> (head: String, body: [UInt8])? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
                var body = Array(bytes[end.upperBound...])
                var left = Self.contentLength(head) - body.count
                while left > 0 {
                    let got = receiveRestarting(fd, &chunk, min(chunk.count, left))
                    guard got > 0 else { return (head, body) }
                    server?.count(received: got)
                    body += chunk[0..<got]
                    left -= got
                }
                return (head, body)
            }
            let got = receiveRestarting(fd, &chunk, chunk.count)
            guard got > 0 else { return nil }
            server?.count(received: got)
            bytes += chunk[0..<got]
        }
    }

    private static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    /// Sends bytes; false once the peer is gone.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends `bytes` one at a time, `interval` apart, until all are sent or the peer is gone.
    public func dribble(_ bytes: [UInt8], every interval: TimeInterval) {
        for byte in bytes {
            guard send([byte]) else { return }
            guard !waitForClose(timeout: interval) else { return }
        }
    }

    /// Waits until the peer closes (true) or `timeout` passes (false), discarding what it sends.
    @discardableResult
    public func waitForClose(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, min(200, deadline.timeIntervalSinceNow * 1000))))
            if ready > 0 {
                let got = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR) { return true }
            }
            if lock.withLock({ closed }) { return true }
        }
        return false
    }

    /// Reads a WebSocket upgrade request and switches protocols (101 with its `Sec-WebSocket-Accept`);
    /// false when no upgrade request came.
    @discardableResult
    public func acceptWebSocket() -> Bool {
        guard let head = readRequest() else { return false }
        let keyLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
        guard let key = keyLine.map({ $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) }) else { return false }
        let accept = Data(MessageDigest.hash(.sha1, data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        return send(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n")
    }

    /// An unmasked frame as a server sends it: FIN set, `opcode`, and the length `length` announces
    /// (the payload's own by default), in the shortest form that holds it.
    public static func webSocketFrame(opcode: UInt8, fin: Bool = true, payload: [UInt8] = [], length: UInt64? = nil) -> [UInt8] {
        let announced = length ?? UInt64(payload.count)
        let head: [UInt8] =
            announced < 126
            ? [UInt8(announced)]
            : announced <= 0xFFFF
                ? [126, UInt8(announced >> 8), UInt8(announced & 0xFF)]
                : [127] + (0..<8).reversed().map { UInt8((announced >> (8 * UInt64($0))) & 0xFF) }
        return [(fin ? 0x80 : 0) | opcode] + head + payload
    }

    /// Bytes the peer sent that are not read yet, after waiting up to `timeout` for some; they stay unread (MSG_PEEK).
    public func unreadBytes(waiting timeout: TimeInterval) -> Int {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return 0 }
        var chunk = [UInt8](repeating: 0, count: 4096)
        return max(0, recv(fd, &chunk, chunk.count, Int32(MSG_PEEK | MSG_DONTWAIT)))
    }

    /// Closes with a TCP reset (SO_LINGER 0) instead of a FIN.
    public func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        finish()
    }

    /// Shuts the socket so a behaviour blocked on it returns (the server is stopping).
    func shut() {
        lock.withLock {
            closed = true
            if !released { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes the socket once.
    func finish() {
        let first = lock.withLock {
            defer { released = true; closed = true }
            return !released
        }
        if first { close(fd) }
    }

    /// The descriptor was closed (after `closed`, which only says the behaviour should stop).
    private var released = false
}
