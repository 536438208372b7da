import FerryCore
import Foundation
import Synchronization

/// A transport in memory, for unit tests of what sends requests (the exchange pipeline, the
/// runner): each request is answered by `answer`, and every request it was given is kept in order
/// (a WebSocket's too: it is kept, then refused, as by a server with no WebSockets).
public final class MemoryTransport: Transport {
    /// What a test's server says: the status, headers and body, and the cookies it leaves in the jar.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        public var setCookies: [Cookie]

        public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), setCookies: [Cookie] = []) {
            self.status = status
            self.headers = headers
            self.body = body
            self.setCookies = setCookies
        }

        /// A JSON answer.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
        }
    }

    private let answer: @Sendable (Request) async throws -> Reply
    private let received = Mutex<[Request]>([])

    public init(answer: @escaping @Sendable (Request) async throws -> Reply) {
        self.answer = answer
    }

    /// The requests sent so far, in the order they arrived.
    public var requests: [Request] { received.withLock { $0 } }

    public func send(
        _ request: Request, receivingInto destination: ResponseDestination,
        progress: (@Sendable (TransferProgress) -> Void)?, observer: (any ResponseStreamObserver)?
    ) async throws -> Response {
        received.withLock { $0.append(request) }
        let reply = try await answer(request)
        var headers = HTTPHeaders()
        for (name, value) in reply.headers { headers.add(name: name, value: value) }
        // As curl's engine does: a request with a jar gets the jar back with what the server set.
        var jar = request.cookies?.jar
        if jar != nil { jar!.cookies += reply.setCookies }
        return Response(
            status: reply.status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(reply.body), count: Int64(reply.body.count)),
            effectiveURL: request.url.absoluteString, remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()),
            sent: nil, cookieJar: jar)
    }

    public func openWebSocket(_ request: Request) async throws -> any WebSocketConnection {
        received.withLock { $0.append(request) }
        throw FerryError.transportFailed(reason: .init(kind: .other, code: 0, codeText: "WebSocket", detail: "not in memory"))
    }
}
