import Foundation

/// Resolves a request's URL against a base URL the way AFHTTPSessionManager does: a base with a
/// path but no trailing slash gets one first (`https://h/v1` + `users` → `https://h/v1/users`),
/// then RFC 3986 reference resolution (absolute paths and full URLs replace what they should).
public struct BaseURL: Sendable {
    public let url: URL

    public init(_ url: URL) {
        if !url.path.isEmpty, !url.absoluteString.hasSuffix("/") {
            self.url = url.appendingPathComponent("")
        } else {
            self.url = url
        }
    }

    /// The absolute URL `reference` names relative to this base.
    public func resolve(_ reference: String) throws -> URL {
        guard let resolved = URL(string: reference, relativeTo: url)?.absoluteURL, resolved.host != nil else {
            throw FerryError.requestSerializationFailed(reason: .unresolvableURL(url: reference, base: url.absoluteString))
        }
        return resolved
    }
}
