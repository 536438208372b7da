import Foundation

/// How a request proves who sends it. In a description (the TUI's Auth tab, a request file's `auth:`,
/// `ferry send`'s flags) each part may hold `{{variables}}`; `resolved(_:)` fills them in. A `Request`
/// carries it with its values and applies it only when it is sent, as Alamofire's request adapters and
/// `AuthenticationInterceptor` do: a header for basic, bearer and a header API key, the query for a
/// query API key (`Request.authenticated()`); digest's challenge–response and AWS Signature V4 are
/// done by the transport (libcurl) as it sends.
public enum Authentication: Sendable, Hashable {
    case basic(username: String, password: String)
    case bearer(token: String)
    /// HTTP Digest (RFC 7616): MD5 or SHA-256, whichever the server's challenge names.
    case digest(username: String, password: String)
    case apiKey(APIKey)
    case awsSigV4(AWSSignature)
    /// OAuth 2.0: an `OAuth2Interceptor` gets the token and sends the request as `.bearer`.
    case oauth2(OAuth2Settings)

    /// The `Authorization` header value basic and bearer send; nil for the others.
    public var authorization: String? {
        switch self {
        case .basic(let username, let password): "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer " + token
        case .digest, .apiKey, .awsSigV4, .oauth2: nil
        }
    }

    /// The scheme's name, for messages.
    public var schemeName: String {
        switch self {
        case .basic: "basic"
        case .bearer: "bearer"
        case .digest: "digest"
        case .apiKey: "API key"
        case .awsSigV4: "AWS Signature V4"
        case .oauth2: "OAuth 2.0"
        }
    }

    /// `USER:PASSWORD` split at the first colon (the password keeps its colons).
    public static func userAndPassword(_ text: String) -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else { return (text, "") }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The credentials with their variables filled in; an unresolved variable throws, naming the
    /// auth part it is in.
    public func resolved(_ resolver: VariableResolver) throws -> Authentication {
        func render(_ text: String, _ part: String) throws -> String { try resolver.render(text, place: "auth \(part)") }
        switch self {
        case .basic(let username, let password):
            return .basic(username: try render(username, "username"), password: try render(password, "password"))
        case .bearer(let token):
            return .bearer(token: try render(token, "token"))
        case .digest(let username, let password):
            return .digest(username: try render(username, "username"), password: try render(password, "password"))
        case .apiKey(let key):
            return .apiKey(APIKey(name: try render(key.name, "key name"), value: try render(key.value, "key"), placement: key.placement))
        case .awsSigV4(let signature):
            return .awsSigV4(
                AWSSignature(
                    provider: try render(signature.provider, "provider"), region: try render(signature.region, "region"),
                    service: try render(signature.service, "service"), accessKey: try render(signature.accessKey, "access key"),
                    secretKey: try render(signature.secretKey, "secret key"),
                    sessionToken: try signature.sessionToken.map { try render($0, "session token") }))
        case .oauth2(let settings):
            return .oauth2(try settings.resolved(render))
        }
    }

    /// Gives `request` these credentials, applied when it is sent, and adds a redaction rule to
    /// `redaction` when a basic or bearer header holds a secret (the scheme stays readable:
    /// `Bearer {{secret}}`). Secrets the other schemes send are redacted as the values themselves.
    public func apply(to request: inout Request, redaction: inout Redaction, resolver: VariableResolver) throws {
        let authentication = try resolved(resolver)
        request.authentication = authentication
        let secrets = resolver.redaction
        let holdsSecret: Bool
        switch authentication {
        case .basic(let username, let password): holdsSecret = secrets.redact("\(username):\(password)") != "\(username):\(password)"
        case .bearer(let token): holdsSecret = secrets.redact(token) != token
        case .digest, .apiKey, .awsSigV4, .oauth2: holdsSecret = false
        }
        if holdsSecret, let value = authentication.authorization {
            redaction.add([Redaction.Rule(secret: value, replacement: value.prefix { $0 != " " } + " {{secret}}")])
        }
        if case .oauth2(let settings) = authentication, !settings.clientSecret.isEmpty {
            redaction.add([Redaction.Rule(secret: settings.clientSecret, replacement: "{{oauth2 client secret}}")])
        }
    }
}
