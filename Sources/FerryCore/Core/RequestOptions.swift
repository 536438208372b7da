import Foundation

/// How a request is carried: redirects, time limits, TLS and protocol preferences.
public struct RequestOptions: Sendable, Hashable, Codable {
    public var followRedirects = true
    /// The most redirects followed before the transfer fails (Ferry's and curl's default is 10 here).
    public var maxRedirects = 10
    /// Follow a redirect from https to http (`--allow-insecure-redirect`); otherwise the transfer stops there.
    public var allowsInsecureRedirect: Bool?
    /// Keep the credentials Ferry adds on a redirect to another origin (`--location-trusted`); by
    /// default they are dropped there, or the transfer stops when curl cannot drop them.
    public var keepsCredentialsOnRedirect: Bool?
    /// Seconds allowed to establish the connection; nil for the transport's default (300 s in curl).
    public var connectTimeout: Double?
    /// Seconds allowed for the whole exchange; nil for no limit.
    public var totalTimeout: Double?
    public var tls = TLSOptions()
    public var httpVersion: HTTPVersionPreference = .automatic
    /// Ask for compressed bodies (gzip, deflate, br where available) and decode them.
    public var decompress = true
    /// The most bytes a compressed body may decode to before the transfer stops (a compression
    /// bomb); nil for `defaultMaxDecodedSize`.
    public var maxDecodedSize: Int64?
    /// The largest WebSocket message (and frame) accepted before the connection is closed with
    /// 1009; nil for `defaultMaxMessageSize`.
    public var maxMessageSize: Int64?
    /// Bytes per second the upload and the download may not exceed (AF's bandwidth throttling,
    /// done by libcurl's own rate limits); nil for no limit.
    public var maxUploadRate: Int64?
    public var maxDownloadRate: Int64?
    /// False: only the headers the request sets go out (and `User-Agent`), as curl sends an imported
    /// curl command; nil or true: Ferry's default headers are added (`DefaultHeaders`). Optional so
    /// options recorded before it existed still decode.
    public var defaultHeaders: Bool?
    /// Connect through this Unix domain socket instead of TCP (`--unix-socket`; Docker's API).
    public var unixSocket: String?
    /// The proxy to go through (`-x`): `[scheme://]host[:port]`; nil for libcurl's choice, which
    /// honours `http_proxy`, `https_proxy` and `no_proxy`.
    public var proxy: String?
    /// Hosts reached without the proxy (`--noproxy`, curl's comma-separated list; `*` for all).
    public var noProxy: String?
    /// The descriptor sets a gRPC call's schema is read from (absolute paths); nil: the server's reflection.
    public var protosets: [String]?
    /// The `.proto` files a gRPC call's schema is read from, and their import paths (absolute).
    public var protoFiles: [String]?
    public var protoImportPaths: [String]?
    /// A gRPC call made as gRPC-Web; nil: gRPC.
    public var grpcWeb: GRPCWebForm?
    /// How a gRPC call's request messages are compressed (`grpc-encoding`); nil: not at all.
    public var grpcCompression: GRPCCompression?

    public init() {}
}

extension RequestOptions {
    /// 1 GiB: far past any body a person reads, small enough that a bomb stops in seconds.
    public static let defaultMaxDecodedSize: Int64 = 1 << 30

    /// The limit in force on a decoded body.
    public var decodedSizeLimit: Int64 { maxDecodedSize ?? Self.defaultMaxDecodedSize }

    /// 64 MiB: what a WebSocket message may hold unless `--max-message-size` says otherwise.
    public static let defaultMaxMessageSize: Int64 = 64 << 20

    /// The limit in force on a WebSocket message.
    public var messageSizeLimit: Int64 { maxMessageSize ?? Self.defaultMaxMessageSize }

    /// `bytes` in the largest binary unit that divides it: `1 GiB`, `10 MiB`, `1500 bytes`.
    public static func sizeText(_ bytes: Int64) -> String {
        for (unit, size) in [("GiB", Int64(1) << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// Parses a curl-style rate: bytes per second with an optional K, M or G suffix (powers of 1024).
    public static func parseRate(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let multipliers: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let (digits, multiplier) = trimmed.last.flatMap { multipliers[$0] }.map { (trimmed.dropLast(), $0) } ?? (Substring(trimmed), 1)
        guard let value = Double(digits), value > 0, value.isFinite, value * Double(multiplier) < 1e15 else { return nil }
        return max(1, Int64(value * Double(multiplier)))
    }
}

/// TLS settings, the counterpart of AFSecurityPolicy.
public struct TLSOptions: Sendable, Hashable, Codable {
    /// Verify the server's certificate chain and host name. Off only with `--insecure`.
    public var verifyPeer = true
    /// A PEM file of trusted certificates used instead of the system's.
    public var caFile: String?
    /// `sha256//<base64>` hashes of the server's public key (SPKI), `;`-separated, or a PEM/DER file path.
    public var pinnedPublicKey: String?
    /// The client certificate to present (`--cert`), a PEM or PKCS#12 file, for servers that ask
    /// for one (mutual TLS); its key's passphrase travels on the `Request`, never here.
    public var clientCertificate: String?
    /// The certificate's private key (`--key`) when it is not in the certificate file.
    public var clientKey: String?
    /// `PEM` (the default) or `P12`, as curl's `--cert-type`.
    public var clientCertificateType: String?

    public init() {}
}

/// Which HTTP version to ask for.
public enum HTTPVersionPreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// HTTP/2 over TLS when the server offers it, HTTP/1.1 otherwise.
    case automatic
    case http1_1
    /// HTTP/2 over TLS (ALPN) and HTTP/1.1 in clear text, as curl's `--http2` does for https.
    case http2
    /// HTTP/2 from the first byte in clear text (curl's `--http2-prior-knowledge`), over TLS by ALPN: gRPC's.
    case http2PriorKnowledge
}
