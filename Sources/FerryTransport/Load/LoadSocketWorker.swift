import CCurlShims
import FerryCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread of a load on Ferry's own HTTP/1.1 client: non-blocking sockets in an epoll set, one
/// per connection and kept alive, each request's bytes built once per target (`LoadRequestBytes`)
/// and written as they are, each response read by a `LoadResponseReader` that counts the body and
/// keeps it only when sampled. One request at a time per connection (no pipelining): when a
/// response ends, the connection's next request is written at once (closed model) or when it is
/// due (open model: latency counts from the due time). `stop` may be called from any thread.
final class LoadSocketWorker: LoadThread, @unchecked Sendable {
    private static let progressInterval: UInt64 = 200_000_000
    /// How often in-flight requests are checked against their timeouts, when a target has any.
    private static let timeoutScan: UInt64 = 10_000_000
    private static let readSize = 64 * 1024

    private struct Target {
        var bytes: LoadRequestBytes
        var endpoint: Int
        var url: String
        var connectTimeout: UInt64?
        var totalTimeout: UInt64?
        var check: (@Sendable (Response) -> String?)?
    }

    private let targets: [Target]
    private let endpoints: [LoadEndpoint]
    private let sampler: LoadSampler
    private var schedule: LoadSchedule
    private let connections: [LoadConnection]
    /// Connections by socket number; loop thread only.
    private var bySocket: [LoadConnection?] = []
    /// 0 while running; 1 when stopped by the user; 2 when another thread gave up.
    private let stopRequested = Atomic<Int>(0)
    private let lock = NSLock()
    private var published = LoadThreadSnapshot()
    private let epoll: Int32
    /// A pipe whose read end is in the epoll set: `stop` writes a byte to wake the loop.
    private let wake: (read: Int32, write: Int32)
    private var readySockets = [Int32](repeating: 0, count: 256)
    private var readiness = [Int32](repeating: 0, count: 256)
    private var buffer = [UInt8](repeating: 0, count: readSize)

    // The run's state; loop thread only.
    private var statistics = LoadStatistics()
    private var free: [LoadConnection] = []
    private var active = 0
    private var start: UInt64 = 0
    private var waitingForFirst = false
    private var abandoned: String?

    init(targets: [LoadThreadTarget], sampler: LoadSampler, schedule: LoadSchedule, connections: Int) {
        var endpoints: [LoadEndpoint] = []
        self.targets = targets.map { target in
            let url = target.request.url
            let host = url.host ?? ""
            let port = url.port ?? 80
            let endpoint =
                endpoints.firstIndex { $0.host == host && $0.port == port }
                ?? {
                    endpoints.append(LoadEndpoint(host: host, port: port))
                    return endpoints.count - 1
                }()
            let options = target.request.options
            return Target(
                bytes: LoadRequestBytes(request: target.request, body: target.body), endpoint: endpoint, url: url.absoluteString,
                connectTimeout: options.connectTimeout.map { UInt64($0 * 1e9) },
                totalTimeout: options.totalTimeout.map { UInt64($0 * 1e9) },
                check: target.check)
        }
        self.endpoints = endpoints
        self.sampler = sampler
        self.schedule = schedule
        self.connections = (0..<connections).map { _ in LoadConnection() }
        epoll = ferry_epoll_create()
        var ends: [Int32] = [-1, -1]
        _ = ferry_wake_pipe(&ends)
        wake = (ends[0], ends[1])
        _ = ferry_epoll_watch(epoll, wake.read, 1)
    }

    deinit {
        for connection in connections where connection.socket >= 0 { close(connection.socket) }
        close(epoll)
        close(wake.read)
        close(wake.write)
    }

    func stop(interrupting: Bool) {
        _ = stopRequested.compareExchange(expected: 0, desired: interrupting ? 1 : 2, ordering: .relaxed)
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    var snapshot: LoadThreadSnapshot { lock.withLock { published } }

    func run(start: UInt64, firstAlone: Bool, onFirstAnswer: () -> Void) -> LoadThreadOutcome {
        self.start = start
        waitingForFirst = firstAlone
        free = connections.reversed()
        let timeouts = targets.contains { $0.connectTimeout != nil || $0.totalTimeout != nil }
        var interrupted = false
        var lastPublished: UInt64 = 0
        var lastScan: UInt64 = 0
        var firstAnswered = !firstAlone
        while true {
            let stopped = stopRequested.load(ordering: .relaxed)
            if stopped != 0 {
                interrupted = stopped == 1
                break
            }
            var now = Self.now()
            if let deadline = schedule.deadline, now &- start >= deadline { break }
            fill(now)
            if abandoned != nil || (active == 0 && schedule.isFinished(now: now &- start)) { break }
            let timeout = schedule.pollTimeout(
                now: now &- start, idle: !free.isEmpty && !waitingForFirst, interval: timeouts ? Self.timeoutScan : Self.progressInterval)
            let ready = ferry_epoll_wait(epoll, &readySockets, &readiness, Int32(readySockets.count), timeout)
            for index in 0..<Int(ready) {
                let socket = readySockets[index]
                if socket == wake.read {
                    var bytes = [UInt8](repeating: 0, count: 64)
                    while read(wake.read, &bytes, bytes.count) > 0 {}
                    continue
                }
                guard Int(socket) < bySocket.count, let connection = bySocket[Int(socket)] else { continue }
                handle(connection, what: readiness[index])
                if abandoned != nil { break }
            }
            now = Self.now()
            if timeouts, now &- lastScan >= Self.timeoutScan {
                lastScan = now
                expire(now)
            }
            if !firstAnswered, !waitingForFirst {
                firstAnswered = true
                if abandoned == nil { onFirstAnswer() }
            }
            if abandoned != nil { break }
            if now &- lastPublished >= Self.progressInterval {
                lastPublished = now
                publish(elapsed: now &- start)
            }
        }
        let end = Self.now()
        for connection in connections where connection.socket >= 0 { closeSocket(of: connection) }
        let unfinished = active + schedule.overdue(now: end &- start)
        active = 0
        publish(elapsed: end &- start)
        return LoadThreadOutcome(
            statistics: statistics, end: end, unfinished: unfinished, interrupted: interrupted, abandoned: abandoned)
    }

    // MARK: - Requests

    /// Starts what the schedule allows on the free connections.
    private func fill(_ now: UInt64) {
        while !free.isEmpty, !(waitingForFirst && active > 0), abandoned == nil, let next = schedule.take(now: now &- start) {
            let connection = free.removeLast()
            connection.target = next.target
            connection.due = start + next.due
            connection.sampling = sampler.startIsSampled()
            connection.retried = false
            active += 1
            begin(connection, now: now)
            // A request that failed at once (refused, not resolved) leaves the rest for the next turn, which checks `stop`.
            if connection.state == .idle { break }
        }
    }

    /// Sends the connection's request: on its socket when it is alive and to the same endpoint, else on a new one.
    private func begin(_ connection: LoadConnection, now: UInt64) {
        let target = targets[connection.target]
        connection.written = 0
        connection.reader.begin(
            headRequest: target.bytes.isHead, sampleLimit: connection.sampling && target.check != nil ? sampler.bodyLimit : 0)
        connection.totalDeadline = target.totalTimeout.map { now + $0 }
        connection.deadline = connection.totalDeadline
        if connection.socket >= 0, connection.endpoint == target.endpoint {
            send(connection)
            return
        }
        if connection.socket >= 0 { closeSocket(of: connection) }
        let endpoint = endpoints[target.endpoint]
        if let problem = endpoint.resolve() {
            fail(connection, .hostNotFound, problem)
            return
        }
        connection.endpoint = target.endpoint
        connection.attempts = 0
        connect(connection, address: endpoint.preferred, now: now)
    }

    private func connect(_ connection: LoadConnection, address: Int, now: UInt64) {
        let endpoint = endpoints[connection.endpoint]
        connection.address = address
        connection.attempts += 1
        if let limit = targets[connection.target].connectTimeout {
            connection.deadline = min(connection.totalDeadline ?? .max, now + limit)
        }
        switch endpoint.connect(address) {
        case .failed(let error):
            connectFailed(connection, error: error)
        case .connected(let socket):
            register(connection, socket: socket)
            connected(connection)
        case .inProgress(let socket):
            register(connection, socket: socket)
            connection.state = .connecting
            watch(connection, 2)
        }
    }

    private func connected(_ connection: LoadConnection) {
        endpoints[connection.endpoint].preferred = connection.address
        connection.responses = 0
        connection.deadline = connection.totalDeadline
        send(connection)
    }

    /// A connect that failed: the next address of the endpoint when there is one, else a failure by cause.
    private func connectFailed(_ connection: LoadConnection, error: Int32) {
        if connection.socket >= 0 { closeSocket(of: connection) }
        let endpoint = endpoints[connection.endpoint]
        if let count = endpoint.addresses?.count, connection.attempts < count {
            connect(connection, address: (connection.address + 1) % count, now: Self.now())
            return
        }
        let kind: FerryError.TransportFailureReason.Kind = error == ECONNREFUSED ? .connectionRefused : .connectionFailed
        fail(connection, kind, "could not connect to \(endpoint.host) port \(endpoint.port): \(Self.text(error))")
    }

    /// Writes what is left of the request; waits for the socket to take more when it is full.
    private func send(_ connection: LoadConnection) {
        let bytes = targets[connection.target].bytes.bytes
        while connection.written < bytes.count {
            let count = bytes.withUnsafeBytes { all in
                Glibc.send(connection.socket, all.baseAddress! + connection.written, all.count - connection.written, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                connection.written += count
                continue
            }
            let error = errno
            if error == EAGAIN || error == EWOULDBLOCK {
                connection.state = .sending
                watch(connection, 2)
                return
            }
            if error == EINTR { continue }
            lost(connection, .sendFailed, "could not send the request: \(Self.text(error))")
            return
        }
        connection.state = .receiving
        watch(connection, 1)
    }

    // MARK: - Events

    private func handle(_ connection: LoadConnection, what: Int32) {
        switch connection.state {
        case .connecting:
            // Only writability or an error ends a connect (an event for an earlier socket of the same number does not).
            guard what & 6 != 0 else { return }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(connection.socket, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0, what & 2 != 0 {
                connected(connection)
            } else if error != 0 || what & 4 != 0 {
                connectFailed(connection, error: error == 0 ? ECONNREFUSED : error)
            }
        case .sending:
            send(connection)
        case .receiving, .idle:
            receive(connection)
        }
    }

    /// Reads what the socket holds and hands it to the reader; an idle connection that becomes
    /// readable was closed by the server (or sent what was not asked for) and is closed.
    private func receive(_ connection: LoadConnection) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection.socket, $0.baseAddress!, $0.count) }
            if count < 0 {
                let error = errno
                if error == EAGAIN || error == EWOULDBLOCK { return }
                if error == EINTR { continue }
                if connection.state == .idle {
                    closeSocket(of: connection)
                    return
                }
                let reason = "could not read the response: \(Self.text(error))"
                lost(connection, .receiveFailed, reason)
                return
            }
            if connection.state == .idle {
                closeSocket(of: connection)
                return
            }
            if count == 0 {
                if let failure = connection.reader.endOfStream() {
                    lost(connection, failure.kind, failure.message)
                } else {
                    closeSocket(of: connection)
                    answered(connection)
                }
                return
            }
            let outcome = buffer.withUnsafeBytes { connection.reader.consume(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            switch outcome {
            case .needMore:
                if count < buffer.count { return }
            case .failed(let failure):
                closeSocket(of: connection)
                fail(connection, failure.kind, failure.message)
                return
            case .complete(let consumed):
                // Bytes after the response were not asked for (one request at a time): the socket is not reused.
                if connection.reader.head.closes || consumed < count { closeSocket(of: connection) }
                answered(connection)
                return
            }
        }
    }

    /// A request lost with its connection: sent again once on a new one when the connection had
    /// served a response before and nothing of this one came back (the server closed an idle
    /// connection as the request went out, as curl retries it); counted by cause otherwise.
    private func lost(_ connection: LoadConnection, _ kind: FerryError.TransportFailureReason.Kind, _ message: String) {
        let reused = connection.responses > 0
        closeSocket(of: connection)
        if reused, !connection.retried, !connection.reader.started {
            connection.retried = true
            begin(connection, now: Self.now())
            return
        }
        fail(connection, kind, message)
    }

    /// Closes the connection's socket when a request on it timed out.
    private func expire(_ now: UInt64) {
        for connection in connections where connection.state != .idle {
            guard let deadline = connection.deadline, now >= deadline else { continue }
            let phase = connection.state == .connecting ? "connecting" : "waiting for the response"
            closeSocket(of: connection)
            fail(connection, .timedOut, "the request timed out while \(phase)")
        }
    }

    // MARK: - Outcomes

    private func answered(_ connection: LoadConnection) {
        let now = Self.now()
        let target = targets[connection.target]
        let reader = connection.reader
        connection.responses += 1
        statistics.recordResponse(
            status: reader.head.status, httpVersion: reader.head.version, latency: (now &- connection.due) / 1000,
            second: Int((now &- start) / 1_000_000_000), received: reader.received, sent: Int64(target.bytes.bytes.count))
        if connection.sampling, let check = target.check {
            let headers = HTTPHeaders(reader.head.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
            let response = Response(
                status: reader.head.status, reasonPhrase: reader.head.reason, httpVersion: reader.head.version, headers: headers,
                body: ResponseBody(storage: .memory(Data(reader.body)), count: Int64(reader.body.count)), effectiveURL: target.url,
                remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
            statistics.recordSample(failure: check(response))
        }
        release(connection)
    }

    private func fail(_ connection: LoadConnection, _ kind: FerryError.TransportFailureReason.Kind, _ message: String) {
        let now = Self.now()
        statistics.recordFailure(kind: kind, message: message, second: Int((now &- start) / 1_000_000_000), sent: Int64(connection.written))
        if kind == .hostNotFound, waitingForFirst { abandoned = message }
        release(connection)
    }

    /// The connection's request is done: it is free for the next, which starts at once when one is due.
    private func release(_ connection: LoadConnection) {
        connection.state = .idle
        connection.deadline = nil
        active -= 1
        waitingForFirst = false
        free.append(connection)
        if connection.socket >= 0, connection.watching != 1 { watch(connection, 1) }
    }

    // MARK: - Sockets

    private func register(_ connection: LoadConnection, socket: Int32) {
        connection.socket = socket
        connection.watching = 0
        let index = Int(socket)
        if index >= bySocket.count { bySocket += Array(repeating: nil, count: index + 1 - bySocket.count + 64) }
        bySocket[index] = connection
    }

    private func watch(_ connection: LoadConnection, _ what: Int32) {
        guard connection.watching != what else { return }
        connection.watching = what
        _ = ferry_epoll_watch(epoll, connection.socket, what)
    }

    private func closeSocket(of connection: LoadConnection) {
        guard connection.socket >= 0 else { return }
        bySocket[Int(connection.socket)] = nil
        close(connection.socket)
        connection.socket = -1
        connection.watching = 0
    }

    private func publish(elapsed: UInt64) {
        let snapshot = LoadThreadSnapshot(statistics: statistics, elapsed: elapsed, inFlight: active)
        lock.withLock { published = snapshot }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func text(_ error: Int32) -> String { String(cString: strerror(error)) }
}
