import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry send`'s session flags, spelled as curl spells them: credentials (`-u`, `--digest`,
/// `--oauth2-bearer`, `--aws-sigv4`, and Ferry's `--api-key` and `--oauth2-…` flows), cookies (`-b`, `-c`, `--no-cookies`)
/// and the route (`--unix-socket`).
public struct SessionOptions: ParsableArguments, Sendable {
    @Option(
        name: [.customShort("u"), .customLong("user")],
        help: ArgumentHelp(
            "Credentials, `USER:PASSWORD` (basic unless --digest; KEY:SECRET[:TOKEN] with --aws-sigv4).", valueName: "user:password"))
    public var user: String?

    @Flag(name: .customLong("digest"), help: "Send -u's credentials by HTTP Digest (MD5 or SHA-256, as the server asks).")
    public var digest = false

    @Option(
        name: .customLong("aws-sigv4"),
        help: ArgumentHelp("Sign with AWS Signature V4: `aws:amz:REGION:SERVICE`, keys from -u.", valueName: "provider"))
    public var awsSigV4: String?

    @Option(name: .customLong("oauth2-bearer"), help: ArgumentHelp("Send this bearer token.", valueName: "token"))
    public var bearer: String?

    @Option(
        name: .customLong("oauth2-token-url"),
        help: ArgumentHelp("Get an OAuth 2.0 token from this token endpoint (cached, refreshed; see --oauth2-grant).", valueName: "url"))
    public var oauth2TokenURL: String?

    @Option(
        name: .customLong("oauth2-grant"),
        help: ArgumentHelp("client_credentials (default) or authorization_code (PKCE, through the browser).", valueName: "grant"))
    public var oauth2Grant: String?

    @Option(name: .customLong("oauth2-auth-url"), help: ArgumentHelp("The authorization endpoint (authorization_code).", valueName: "url"))
    public var oauth2AuthorizationURL: String?

    @Option(
        name: .customLong("oauth2-callback-url"),
        help: ArgumentHelp("The registered redirect URI, `http://127.0.0.1:PORT/PATH` (default: a free port).", valueName: "url"))
    public var oauth2CallbackURL: String?

    @Option(name: .customLong("oauth2-client-id"), help: ArgumentHelp("The OAuth 2.0 client id.", valueName: "id"))
    public var oauth2ClientID: String?

    @Option(
        name: .customLong("oauth2-client-secret"),
        help: ArgumentHelp("The OAuth 2.0 client secret (none for a public client).", valueName: "secret"))
    public var oauth2ClientSecret: String?

    @Option(name: .customLong("oauth2-scope"), help: ArgumentHelp("The scopes to ask for, space-separated.", valueName: "scope"))
    public var oauth2Scope: String?

    @Option(name: .customLong("oauth2-audience"), help: ArgumentHelp("The API the token is for (audience).", valueName: "audience"))
    public var oauth2Audience: String?

    @Option(
        name: .customLong("oauth2-credentials-placement"),
        help: ArgumentHelp("Send the client id and secret in the `header` (Basic, default) or the form `body`.", valueName: "where"))
    public var oauth2CredentialsPlacement: String?

    @Option(name: .customLong("api-key"), help: ArgumentHelp("Send an API key in a header, `Name: value`.", valueName: "header"))
    public var apiKeyHeader: String?

    @Option(name: .customLong("api-key-query"), help: ArgumentHelp("Send an API key in the query, `name=value`.", valueName: "name=value"))
    public var apiKeyQuery: String?

    @Option(
        name: [.customShort("b"), .customLong("cookie")],
        help: ArgumentHelp(
            "Cookies: `name=value; …` sent as they are, or a cookie file to read instead of Ferry's jar.", valueName: "data|file"))
    public var cookie: String?

    @Option(
        name: [.customShort("c"), .customLong("cookie-jar")],
        help: ArgumentHelp("Write the cookies to this file (Netscape format, mode 0600) instead of Ferry's jar.", valueName: "file"))
    public var cookieJar: String?

    @Flag(name: .customLong("no-cookies"), help: "Neither send nor keep cookies (-b name=value is still sent).")
    public var noCookies = false

    @Option(
        name: .customLong("unix-socket"),
        help: ArgumentHelp("Connect through this Unix domain socket (e.g. /var/run/docker.sock).", valueName: "path"))
    public var unixSocket: String?

    @Option(
        name: [.customShort("x"), .customLong("proxy")],
        help: ArgumentHelp("Go through this proxy, `[scheme://]host[:port]` (default: $http_proxy, $https_proxy).", valueName: "url"))
    public var proxy: String?

    @Option(name: .customLong("proxy-user"), help: ArgumentHelp("Credentials for the proxy, `USER:PASSWORD`.", valueName: "user:password"))
    public var proxyUser: String?

    @Option(
        name: .customLong("noproxy"), help: ArgumentHelp("Hosts reached without the proxy, comma-separated (`*`: all).", valueName: "hosts")
    )
    public var noProxy: String?

    @Option(
        name: [.customShort("E"), .customLong("cert")],
        help: ArgumentHelp("Present this client certificate (PEM, or PKCS#12 with --cert-type P12).", valueName: "file"))
    public var certificate: String?

    @Option(
        name: .customLong("key"), help: ArgumentHelp("The client certificate's private key, when not in --cert's file.", valueName: "file"))
    public var key: String?

    @Option(name: .customLong("cert-type"), help: ArgumentHelp("The --cert file's type: PEM (default) or P12.", valueName: "type"))
    public var certificateType: String?

    @Option(name: .customLong("pass"), help: ArgumentHelp("The passphrase of the client certificate's key.", valueName: "phrase"))
    public var passphrase: String?

    public init() {}

    /// The credentials the flags give, or nil; two schemes at once is a usage error.
    func credentials() throws -> Authentication? {
        var given: [Authentication] = []
        if let awsSigV4 {
            guard let user, let signature = AWSSignature(curlProvider: awsSigV4, user: user) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--aws-sigv4", problem: "expected `aws:amz:REGION:SERVICE` and -u KEY:SECRET[:TOKEN]"))
            }
            given.append(.awsSigV4(signature))
        } else if let user {
            let (name, password) = Authentication.userAndPassword(user)
            given.append(digest ? .digest(username: name, password: password) : .basic(username: name, password: password))
        } else if digest {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--digest", problem: "needs -u USER:PASSWORD"))
        }
        if let bearer { given.append(.bearer(token: bearer)) }
        if let oauth2 = try oauth2Settings() { given.append(.oauth2(oauth2)) }
        if let apiKeyHeader {
            guard let field = HeaderLine.parse(apiKeyHeader), !field.value.isEmpty else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "--api-key", problem: "expected `Name: value`"))
            }
            given.append(.apiKey(APIKey(name: field.name, value: field.value, placement: .header)))
        }
        if let apiKeyQuery {
            guard let equals = apiKeyQuery.firstIndex(of: "="), equals != apiKeyQuery.startIndex else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "--api-key-query", problem: "expected `name=value`"))
            }
            given.append(
                .apiKey(
                    APIKey(
                        name: String(apiKeyQuery[..<equals]), value: String(apiKeyQuery[apiKeyQuery.index(after: equals)...]),
                        placement: .query)))
        }
        guard given.count <= 1 else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "-u/--oauth2-bearer/--oauth2-token-url/--api-key", problem: "choose one way to authenticate")
            )
        }
        return given.first
    }

    /// The `--oauth2-…` flags' settings; nil without `--oauth2-token-url` (the others then are a usage error).
    private func oauth2Settings() throws -> OAuth2Settings? {
        func invalid(_ name: String, _ problem: String) -> FerryError {
            .invalidRequest(reason: .invalidArgument(name: name, problem: problem))
        }
        guard let oauth2TokenURL else {
            let others = [
                oauth2Grant, oauth2AuthorizationURL, oauth2CallbackURL, oauth2ClientID, oauth2ClientSecret, oauth2Scope, oauth2Audience,
                oauth2CredentialsPlacement,
            ]
            if others.contains(where: { $0 != nil }) { throw invalid("--oauth2-…", "needs --oauth2-token-url") }
            return nil
        }
        let grantText = oauth2Grant ?? (oauth2AuthorizationURL == nil ? "client_credentials" : "authorization_code")
        guard let grant = OAuth2Settings.Grant(rawValue: grantText) else {
            throw invalid("--oauth2-grant", "expected client_credentials or authorization_code")
        }
        guard let placement = OAuth2Settings.ClientAuthentication(rawValue: oauth2CredentialsPlacement ?? "header") else {
            throw invalid("--oauth2-credentials-placement", "expected header or body")
        }
        guard let oauth2ClientID else { throw invalid("--oauth2-token-url", "needs --oauth2-client-id") }
        if grant == .authorizationCode, oauth2AuthorizationURL == nil {
            throw invalid("--oauth2-grant authorization_code", "needs --oauth2-auth-url")
        }
        return OAuth2Settings(
            grant: grant, tokenURL: oauth2TokenURL, authorizationURL: oauth2AuthorizationURL ?? "", clientID: oauth2ClientID,
            clientSecret: oauth2ClientSecret ?? "", scope: oauth2Scope ?? "", audience: oauth2Audience ?? "",
            clientAuthentication: placement, callbackURL: oauth2CallbackURL ?? "")
    }

    /// Lays the flags over a description: credentials replace the file's, `--unix-socket`, `-x` and
    /// `--noproxy` its route, `--cert`, `--key` and `--cert-type` its client certificate (and the
    /// environment's). `--proxy-user` and `--pass` are laid over the built request (`applySecrets`),
    /// so `--save` never writes them.
    func apply(to description: inout RequestDescription) throws {
        if let credentials = try credentials() { description.auth = credentials }
        if let unixSocket { description.connection.unixSocket = Self.absolute(unixSocket) }
        if let proxy { description.connection.proxy = proxy }
        if let noProxy { description.connection.noProxy = noProxy }
        if let certificateType {
            guard ["PEM", "P12"].contains(certificateType.uppercased()) else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "--cert-type", problem: "expected PEM or P12"))
            }
            description.connection.certificateType = certificateType.uppercased()
        }
        for path in [certificate, key].compactMap({ $0 }) where !FileManager.default.isReadableFile(atPath: path) {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
        }
        if let certificate { description.connection.clientCertificate = Self.absolute(certificate) }
        if let key { description.connection.clientKey = Self.absolute(key) }
    }

    /// The files the flags name (`--unix-socket`, `--cert`, `--key`): the user's own.
    var namedFiles: [String] { [unixSocket, certificate, key].compactMap { $0 }.map(Self.absolute) }

    /// Lays `--proxy-user` and `--pass` over the request's own (its file's or environment's).
    func applySecrets(to request: inout Request) {
        if let proxyUser { request.proxyUser = proxyUser }
        if let passphrase { request.clientKeyPassphrase = passphrase }
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// The `-b` argument names a file when it has no `=` (curl's rule).
    private var cookieFile: String? { cookie.flatMap { $0.contains("=") ? nil : $0 } }

    /// Where the exchange's cookies come from and go to when a flag says so: `-b FILE` and `-c FILE`
    /// replace Ferry's jar (`defaultJar`) for reading and writing, `-b name=value` is sent beside it.
    /// Nil without such a flag: the exchange pipeline then reads and writes Ferry's jar.
    func cookiePlan(defaultJar: String) throws -> CookiePlan? {
        guard cookie != nil || cookieJar != nil || noCookies else { return nil }
        let header = cookie.flatMap { $0.contains("=") ? $0 : nil }
        guard !noCookies else { return CookiePlan(cookies: RequestCookies(jar: nil, header: header), writePath: nil, alwaysWrites: false) }
        let readPath = cookieFile ?? (cookieJar == nil ? defaultJar : nil)
        if let cookieFile, !FileManager.default.isReadableFile(atPath: cookieFile) {
            throw FerryError.localFile(reason: .unreadable(path: cookieFile, error: POSIXError(.ENOENT)))
        }
        let jar: CookieJar
        do {
            jar = try readPath.map(CookieJarFile.read) ?? CookieJar()
        } catch {
            throw error.asInvalidRequest
        }
        let writePath = cookieJar ?? (cookieFile == nil ? defaultJar : nil)
        return CookiePlan(cookies: RequestCookies(jar: jar, header: header), writePath: writePath, alwaysWrites: cookieJar != nil)
    }

    /// The cookies an exchange carries, and the file its jar is written to afterwards (nil: none).
    struct CookiePlan {
        var cookies: RequestCookies
        var writePath: String?
        /// `-c FILE` is written even when nothing changed; Ferry's own jar only when something did.
        var alwaysWrites: Bool

        /// Where `after` (the exchange's jar) must be written, or nil.
        func path(toWrite after: CookieJar) -> String? {
            guard alwaysWrites || after != cookies.jar else { return nil }
            return writePath
        }
    }
}
