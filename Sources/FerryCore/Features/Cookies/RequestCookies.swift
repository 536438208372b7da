import Foundation

/// The cookies an exchange goes out with, chosen when the request is built (`Request.cookies`).
/// A request without them uses its transport's session jar, shared by the transport's transfers.
public struct RequestCookies: Sendable, Hashable {
    /// Seeds a cookie engine of this exchange alone; what the engine holds afterwards (cookies the
    /// server set, changed or removed on every hop) comes back in `Response.cookieJar`. Nil turns the
    /// engine off (`--no-cookies`): nothing is kept and only `header` is sent.
    public var jar: CookieJar?
    /// `-b 'a=1; b=2'`: sent as written with the jar's cookies, never kept.
    public var header: String?

    public init(jar: CookieJar?, header: String? = nil) {
        self.jar = jar
        self.header = header
    }

    /// The `Cookie` field a request for `url` goes out with at `now`: the jar's cookies that match
    /// it, then `header`; nil when there are none. (curl builds it itself; a WebSocket handshake uses this.)
    public func field(for url: URL, now: Date = Date()) -> String? {
        let pairs = (jar?.cookies ?? []).filter { $0.matches(url, now: now) }.map { "\($0.name)=\($0.value)" } + (header.map { [$0] } ?? [])
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }
}
