import Foundation

/// How a request is carried: redirects, time limits, TLS and protocol preferences.
public struct RequestOptions: Sendable, Hashable, Codable {
    public var followRedirects = true
    /// The most redirects followed before the transfer fails (Ferry's and curl's default is 10 here).
    public var maxRedirects = 10
    /// Seconds allowed to establish the connection; nil for the transport's default (300 s in curl).
    public var connectTimeout: Double?
    /// Seconds allowed for the whole exchange; nil for no limit.
    public var totalTimeout: Double?
    public var tls = TLSOptions()
    public var httpVersion: HTTPVersionPreference = .automatic
    /// Ask for compressed bodies (gzip, deflate, br where available) and decode them.
    public var decompress = true

    public init() {}
}

/// TLS settings, the counterpart of AFSecurityPolicy.
public struct TLSOptions: Sendable, Hashable, Codable {
    /// Verify the server's certificate chain and host name. Off only with `--insecure`.
    public var verifyPeer = true
    /// A PEM file of trusted certificates used instead of the system's.
    public var caFile: String?
    /// `sha256//<base64>` hashes of the server's public key (SPKI), `;`-separated, or a PEM/DER file path.
    public var pinnedPublicKey: String?

    public init() {}
}

/// Which HTTP version to ask for.
public enum HTTPVersionPreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// HTTP/2 over TLS when the server offers it, HTTP/1.1 otherwise.
    case automatic
    case http1_1
    /// HTTP/2 over TLS (ALPN) and HTTP/1.1 in clear text, as curl's `--http2` does for https.
    case http2
}
