import FerryCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one-shot listener of the authorization code grant (RFC 8252 §7.3): a socket on 127.0.0.1
/// (at a free port, or the registered callback URL's) that waits for the browser's redirect to
/// its path, answers it with a short page, and hands back the redirect's query. Other paths (a
/// browser's `/favicon.ico`) get a 404.
final class LoopbackRedirectListener: Sendable {
    /// The `redirect_uri` the authorization request names.
    let redirectURI: String
    private let path: String
    private let descriptor: Int32
    private let closed = Mutex(false)

    /// Listens for `callbackURL` (`http://127.0.0.1:PORT/PATH` or `localhost`); an empty one is
    /// `http://127.0.0.1:FREE-PORT/callback`.
    init(callbackURL: String) throws {
        var port: UInt16 = 0
        var path = "/callback"
        if !callbackURL.isEmpty {
            guard let url = URLComponents(string: callbackURL), url.scheme == "http", ["127.0.0.1", "localhost"].contains(url.host ?? ""),
                let given = url.port, (1...65535).contains(given)
            else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "OAuth 2.0 callback URL \(callbackURL)",
                        problem: "expected http://127.0.0.1:PORT/PATH or http://localhost:PORT/PATH"))
            }
            port = UInt16(given)
            path = url.path.isEmpty ? "/" : url.path
        }
        self.path = path
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure("cannot open a socket", POSIXError.current) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let error = POSIXError.current
            close(descriptor)
            throw Self.failure("cannot listen on 127.0.0.1" + (port == 0 ? "" : ":\(port)"), error)
        }
        self.descriptor = descriptor
        redirectURI = callbackURL.isEmpty ? "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))\(path)" : callbackURL
    }

    deinit { stop() }

    /// Waits up to `timeout` for the redirect (on a thread of its own, not the task pool) and
    /// returns its query items; a cancelled task stops the wait.
    func awaitRedirect(timeout: TimeInterval) async throws -> [URLQueryItem] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[URLQueryItem], any Error>) in
                Thread { continuation.resume(with: Result { try self.accept(until: Date().addingTimeInterval(timeout)) }) }.start()
            }
        } onCancel: {
            stop()
        }
    }

    /// Closes the listening socket (the wait, if any, ends).
    func stop() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    private func accept(until deadline: Date) throws -> [URLQueryItem] {
        defer { stop() }
        while Date() < deadline {
            guard !closed.withLock({ $0 }) else { throw FerryError.explicitlyCancelled }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 250) > 0 else { continue }
            let connection = Glibc.accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            defer { close(connection) }
            guard let target = Self.requestTarget(of: connection) else { continue }
            let components = URLComponents(string: "http://127.0.0.1\(target)")
            guard components?.path == path else {
                Self.answer(connection, status: "404 Not Found", text: "Not found.")
                continue
            }
            Self.answer(connection, status: "200 OK", text: "Ferry has the answer of the authorization server. You can close this tab.")
            return components?.queryItems ?? []
        }
        throw FerryError.authenticationFailed(
            reason: .authorizationFailed(
                problem: "no redirect reached \(redirectURI) within \(Int(deadline.timeIntervalSinceNow.rounded())) s", error: nil,
                description: nil))
    }

    /// The target of a request's first line (`GET /callback?code=… HTTP/1.1`), read within 5 s.
    private static func requestTarget(of connection: Int32) -> String? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16 << 10, head.range(of: Data("\r\n".utf8)) == nil {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5000) > 0 else { return nil }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: head.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        return line.count == 3 && line[1].hasPrefix("/") ? String(line[1]) : nil
    }

    private static func answer(_ connection: Int32, status: String, text: String) {
        let page = "<!doctype html><title>Ferry</title><p>\(text)</p>\n"
        let reply =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n"
            + page
        _ = reply.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    private static func failure(_ problem: String, _ error: POSIXError) -> FerryError {
        .authenticationFailed(
            reason: .authorizationFailed(
                problem: "\(problem): \(String(cString: strerror(error.code.rawValue)))", error: nil, description: nil))
    }
}
