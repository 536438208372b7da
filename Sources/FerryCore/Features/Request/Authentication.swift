import Foundation

/// Credentials with their variables filled in, carried by a `Request` and applied only when it is
/// sent, as Alamofire's request adapters and `AuthenticationInterceptor` do: a header for basic and
/// bearer; the same step is where a challenge–response, a token fetch or a signature belongs.
public enum Authentication: Sendable, Hashable {
    case basic(username: String, password: String)
    case bearer(token: String)

    /// The `Authorization` header value.
    public var authorization: String {
        switch self {
        case .basic(let username, let password): "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer " + token
        }
    }
}
