import FerryCore

/// The Auth tab's type selector: which scheme the request's credentials use.
public enum AuthKind: String, Hashable, Sendable, CaseIterable {
    case none = "none", basic = "basic", bearer = "bearer", digest = "digest", apiKey = "API key", oauth2 = "OAuth 2.0", awsSigV4 =
        "AWS SigV4"

    public init(_ credentials: Authentication?) {
        switch credentials {
        case nil: self = .none
        case .basic?: self = .basic
        case .bearer?: self = .bearer
        case .digest?: self = .digest
        case .apiKey?: self = .apiKey
        case .oauth2?: self = .oauth2
        case .awsSigV4?: self = .awsSigV4
        }
    }

    /// Empty credentials of this kind; a user name and password carry over between basic and digest.
    func credentials(replacing old: Authentication?) -> Authentication? {
        var user = ("", "")
        if case .basic(let name, let password)? = old { user = (name, password) }
        if case .digest(let name, let password)? = old { user = (name, password) }
        switch self {
        case .none: return nil
        case .basic: return .basic(username: user.0, password: user.1)
        case .bearer: return .bearer(token: "")
        case .digest: return .digest(username: user.0, password: user.1)
        case .apiKey: return .apiKey(APIKey(name: "X-API-Key", value: ""))
        case .oauth2: return .oauth2(OAuth2Settings())
        case .awsSigV4: return .awsSigV4(AWSSignature(region: "", service: "", accessKey: "", secretKey: ""))
        }
    }
}
