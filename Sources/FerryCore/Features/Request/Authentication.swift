import Foundation

/// Credentials with their variables filled in, carried by a `Request` and applied only when it is
/// sent, as Alamofire's request adapters and `AuthenticationInterceptor` do: a header for basic,
/// bearer and a header API key, the query for a query API key (`Request.authenticated()`); digest's
/// challenge–response and AWS Signature V4 are done by the transport (libcurl) as it sends.
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
}
