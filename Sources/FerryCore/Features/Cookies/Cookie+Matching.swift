import Foundation

extension Cookie {
    /// True when a client sends this cookie with a request for `url` at `now` (RFC 6265 §5.4):
    /// the host is its domain (or below it, with `includesSubdomains`), the path is within its
    /// path, https when it is `secure`, and it has not expired.
    public func matches(_ url: URL, now: Date = Date()) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        let domain = self.domain.lowercased()
        guard host == domain || (includesSubdomains && host.hasSuffix("." + domain)) else { return false }
        if secure, url.scheme?.lowercased() != "https" { return false }
        if let expires, expires <= now { return false }
        let requestPath = url.path.isEmpty ? "/" : url.path
        guard requestPath.hasPrefix(path) else { return false }
        return requestPath.count == path.count || path.hasSuffix("/") || requestPath.dropFirst(path.count).first == "/"
    }
}
