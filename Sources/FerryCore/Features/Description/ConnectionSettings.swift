import Foundation

/// How a request reaches its server apart from its URL: a proxy and its credentials, a Unix
/// socket, a client certificate and its key's passphrase — in a request file's `options:`, an
/// environment's `$options:`, or from flags. Values may hold `{{variables}}`; `proxyUser` and
/// `keyPassphrase` travel on the `Request` and are never recorded.
public struct ConnectionSettings: Sendable, Hashable {
    /// `[scheme://]host[:port]` (`-x`).
    public var proxy: String?
    /// Hosts reached without the proxy, comma-separated (`--noproxy`).
    public var noProxy: String?
    /// `USER:PASSWORD` for the proxy (`--proxy-user`); a secret.
    public var proxyUser: String?
    /// A Unix domain socket to connect through (`--unix-socket`).
    public var unixSocket: String?
    /// The client certificate file (`--cert`), relative to the collection unless absolute.
    public var clientCertificate: String?
    /// Its private key (`--key`), when not in the certificate file.
    public var clientKey: String?
    /// `PEM` or `P12` (`--cert-type`).
    public var certificateType: String?
    /// The key's passphrase (`--pass`); a secret.
    public var keyPassphrase: String?

    public init() {}

    /// The names of the settings in files, in the order they are written.
    public static let keys = ["proxy", "noProxy", "proxyUser", "unixSocket", "clientCert", "clientKey", "certType", "keyPassphrase"]

    /// The setting named `key` in files.
    public subscript(key: String) -> String? {
        get { Self.path(of: key).flatMap { self[keyPath: $0] } }
        set { if let path = Self.path(of: key) { self[keyPath: path] = newValue } }
    }

    private static func path(of key: String) -> WritableKeyPath<ConnectionSettings, String?>? {
        switch key {
        case "proxy": \.proxy
        case "noProxy": \.noProxy
        case "proxyUser": \.proxyUser
        case "unixSocket": \.unixSocket
        case "clientCert": \.clientCertificate
        case "clientKey": \.clientKey
        case "certType": \.certificateType
        case "keyPassphrase": \.keyPassphrase
        default: nil
        }
    }

    public var isEmpty: Bool { self == ConnectionSettings() }

    /// These settings with `inner`'s on top, one by one (a request's over its environment's).
    public func overlaid(by inner: ConnectionSettings) -> ConnectionSettings {
        if inner.isEmpty { return self }  // most requests: no key-path walk
        var merged = self
        for key in Self.keys where inner[key] != nil { merged[key] = inner[key] }
        return merged
    }

    /// Fills the settings' variables into `request`: the route and certificate into its options
    /// (its files and proxy as `access` allows), the two secrets onto the request itself. A certificate
    /// type other than PEM or P12 is an error naming it.
    public func apply(to request: inout Request, resolver: VariableResolver, access: FileAccessPolicy) throws {
        func render(_ value: String?, _ key: String) throws -> String? {
            try value.map { try resolver.render($0, place: "options.\(key)") }
        }
        if let proxy = try render(proxy, "proxy") {
            try access.checkProxy(proxy, field: "options.proxy")
            request.options.proxy = proxy
        }
        if let noProxy = try render(noProxy, "noProxy") { request.options.noProxy = noProxy }
        if let proxyUser = try render(proxyUser, "proxyUser") { request.proxyUser = proxyUser }
        if let socket = try render(unixSocket, "unixSocket") {
            request.options.unixSocket = try access.readablePath(socket, field: "options.unixSocket")
        }
        if let file = try render(clientCertificate, "clientCert") {
            request.options.tls.clientCertificate = try access.readablePath(file, field: "options.clientCert")
        }
        if let file = try render(clientKey, "clientKey") {
            request.options.tls.clientKey = try access.readablePath(file, field: "options.clientKey")
        }
        if let type = try render(certificateType, "certType") {
            guard ["PEM", "P12"].contains(type.uppercased()) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "options.certType", problem: "expected PEM or P12, not `\(type)`"))
            }
            request.options.tls.clientCertificateType = type.uppercased()
        }
        if let phrase = try render(keyPassphrase, "keyPassphrase") { request.clientKeyPassphrase = phrase }
    }
}
