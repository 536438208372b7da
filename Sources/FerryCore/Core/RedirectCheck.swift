import Foundation

/// Whether a redirect may be followed: only to http or https; from https to http only when the
/// user allows it; and to another origin (scheme, host, port) with a credential the transport would
/// carry along — an API key header, an AWS session token — only when the user keeps credentials on
/// redirects. (curl itself drops `Authorization`, basic, digest and signatures on such a hop.)
public struct RedirectCheck: Sendable {
    public var options: RequestOptions
    public var authentication: Authentication?

    public init(options: RequestOptions, authentication: Authentication?) {
        self.options = options
        self.authentication = authentication
    }

    /// The statuses curl follows.
    public static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Nil when the hop from `from` to `location` (relative to `from` or absolute) may be followed;
    /// else why not, naming both URLs.
    public func refusal(from: String, to location: String) -> String? {
        guard let source = URL(string: from), let target = URL(string: location, relativeTo: source)?.absoluteURL else { return nil }
        let hop = "the redirect from \(from) to \(target.absoluteString)"
        let scheme = target.scheme?.lowercased() ?? ""
        guard ["http", "https"].contains(scheme) else {
            return "\(hop) is not followed: Ferry follows redirects only to http and https"
        }
        if source.scheme?.lowercased() == "https", scheme == "http", options.allowsInsecureRedirect != true {
            return "\(hop) leaves https for plain http: Ferry does not follow it unless you allow it (--allow-insecure-redirect)"
        }
        if let header = carriedCredentialHeader, options.keepsCredentialsOnRedirect != true,
            Self.origin(of: source) != Self.origin(of: target)
        {
            return "\(hop) goes to another origin, and the \(header) header would go with it: "
                + "Ferry stops here unless you send credentials on (--location-trusted)"
        }
        return nil
    }

    /// The header of a credential sent as a header of its own, which curl would send to every hop.
    private var carriedCredentialHeader: String? {
        switch authentication {
        case .apiKey(let key)? where key.placement == .header: key.name
        case .awsSigV4(let signature)? where signature.sessionToken != nil: "X-Amz-Security-Token"
        default: nil
        }
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}
