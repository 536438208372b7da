import FerryCore
import Foundation

/// The origins where a clear-text HTTP/2 connection made with prior knowledge is open in a multi
/// handle, so that the next request there reuses it (gRPC over `grpc://` makes one call after
/// another on one connection, as gRPC's own clients do).
///
/// libcurl 7.88 cannot reuse such a connection for a request that asks for prior knowledge: it
/// starts a second HTTP/2 session on it and the request fails (curl#10634, fixed in 8.0). So the
/// first request to an origin asks for prior knowledge on a fresh connection, and the next ones ask
/// for HTTP/2 and may only reuse a connection (`CurlTransfer.reusesConnection`): when none is left
/// they fail before anything is sent, and are sent again with prior knowledge.
final class PriorKnowledgeConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var open: Set<String> = []

    /// The origin of a clear-text request that asks for HTTP/2 with prior knowledge, not through a
    /// proxy (libcurl ignores prior knowledge then); nil for any other request.
    static func origin(of request: Request) -> String? {
        guard request.options.httpVersion == .http2PriorKnowledge, request.options.proxy == nil,
            request.url.scheme?.lowercased() == "http", let host = request.url.host
        else { return nil }
        return "\(host.lowercased()):\(request.url.port ?? 80)|\(request.options.unixSocket ?? "")"
    }

    func isOpen(_ origin: String) -> Bool { lock.withLock { open.contains(origin) } }

    /// A request to `origin` was answered over HTTP/2 (`true`), or it failed or was not (`false`).
    func record(_ origin: String, open isOpen: Bool) {
        lock.withLock {
            if isOpen { open.insert(origin) } else { open.remove(origin) }
        }
    }
}
