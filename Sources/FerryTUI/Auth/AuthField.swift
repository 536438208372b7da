import FerryCore

/// A row of the Auth tab: the type selector, then the fields of the chosen scheme. Text fields
/// are edited on their line (`{{variables}}` allowed); choices cycle; secrets are shown masked.
public enum AuthField: Hashable, Sendable {
    case kind
    case username, password
    case token
    case keyName, keyValue, keyPlacement
    case grant, tokenURL, authorizationURL, callbackURL, clientID, clientSecret, scope, audience, credentialsPlacement
    case region, service, accessKey, secretKey, sessionToken

    /// The rows shown for `credentials`.
    public static func fields(of credentials: Authentication?) -> [AuthField] {
        switch credentials {
        case nil: [.kind]
        case .basic?, .digest?: [.kind, .username, .password]
        case .bearer?: [.kind, .token]
        case .apiKey?: [.kind, .keyName, .keyValue, .keyPlacement]
        case .oauth2(let settings)?:
            [.kind, .grant] + (settings.grant == .authorizationCode ? [.authorizationURL, .callbackURL] : [])
                + [.tokenURL, .clientID, .clientSecret, .scope, .audience, .credentialsPlacement]
        case .awsSigV4?: [.kind, .region, .service, .accessKey, .secretKey, .sessionToken]
        }
    }

    public var label: String {
        switch self {
        case .kind: "Type"
        case .username: "Username"
        case .password: "Password"
        case .token: "Token"
        case .keyName: "Key name"
        case .keyValue: "Key"
        case .keyPlacement: "Send in"
        case .grant: "Grant"
        case .tokenURL: "Token URL"
        case .authorizationURL: "Authorization URL"
        case .callbackURL: "Callback URL"
        case .clientID: "Client id"
        case .clientSecret: "Client secret"
        case .scope: "Scope"
        case .audience: "Audience"
        case .credentialsPlacement: "Client auth"
        case .region: "Region"
        case .service: "Service"
        case .accessKey: "Access key"
        case .secretKey: "Secret key"
        case .sessionToken: "Session token"
        }
    }

    /// What an empty field shows.
    public var emptyText: String { self == .callbackURL ? "(a free port on 127.0.0.1)" : "(empty)" }

    /// Shown masked (`••••`) unless it is only `{{variables}}`.
    public var isSecret: Bool { [.password, .token, .keyValue, .clientSecret, .secretKey, .sessionToken].contains(self) }

    /// Cycled through its values instead of typed.
    public var isChoice: Bool { [.kind, .keyPlacement, .grant, .credentialsPlacement].contains(self) }

    /// The field's text in `credentials`.
    public func value(in credentials: Authentication?) -> String {
        switch (self, credentials) {
        case (.kind, _): AuthKind(credentials).rawValue
        case (.username, .basic(let name, _)?), (.username, .digest(let name, _)?): name
        case (.password, .basic(_, let password)?), (.password, .digest(_, let password)?): password
        case (.token, .bearer(let token)?): token
        case (.keyName, .apiKey(let key)?): key.name
        case (.keyValue, .apiKey(let key)?): key.value
        case (.keyPlacement, .apiKey(let key)?): key.placement.rawValue
        case (_, .oauth2(let settings)?): oauth2Value(settings)
        case (_, .awsSigV4(let signature)?): awsValue(signature)
        default: ""
        }
    }

    private func oauth2Value(_ settings: OAuth2Settings) -> String {
        switch self {
        case .grant: settings.grant.label
        case .tokenURL: settings.tokenURL
        case .authorizationURL: settings.authorizationURL
        case .callbackURL: settings.callbackURL
        case .clientID: settings.clientID
        case .clientSecret: settings.clientSecret
        case .scope: settings.scope
        case .audience: settings.audience
        case .credentialsPlacement: settings.clientAuthentication == .header ? "header (Basic)" : "form body"
        default: ""
        }
    }

    private func awsValue(_ signature: AWSSignature) -> String {
        switch self {
        case .region: signature.region
        case .service: signature.service
        case .accessKey: signature.accessKey
        case .secretKey: signature.secretKey
        case .sessionToken: signature.sessionToken ?? ""
        default: ""
        }
    }

    /// The value as the tab shows it: a secret masked unless it is only `{{variables}}`.
    public func shown(in credentials: Authentication?) -> String {
        let text = value(in: credentials)
        guard isSecret, !text.isEmpty, !Self.isOnlyVariables(text) else { return text }
        return String(repeating: "•", count: min(text.count, 12))
    }

    static func isOnlyVariables(_ text: String) -> Bool {
        text.replacing(/\{\{[^{}]*\}\}/, with: "").trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// Sets a text field from what the user typed.
    public func set(_ text: String, in credentials: inout Authentication?) {
        switch credentials {
        case .basic(let name, let password)?:
            credentials = .basic(username: self == .username ? text : name, password: self == .password ? text : password)
        case .digest(let name, let password)?:
            credentials = .digest(username: self == .username ? text : name, password: self == .password ? text : password)
        case .bearer?:
            credentials = .bearer(token: text)
        case .apiKey(var key)?:
            if self == .keyName { key.name = text } else if self == .keyValue { key.value = text }
            credentials = .apiKey(key)
        case .oauth2(var settings)?:
            switch self {
            case .tokenURL: settings.tokenURL = text
            case .authorizationURL: settings.authorizationURL = text
            case .callbackURL: settings.callbackURL = text
            case .clientID: settings.clientID = text
            case .clientSecret: settings.clientSecret = text
            case .scope: settings.scope = text
            case .audience: settings.audience = text
            default: break
            }
            credentials = .oauth2(settings)
        case .awsSigV4(var signature)?:
            switch self {
            case .region: signature.region = text
            case .service: signature.service = text
            case .accessKey: signature.accessKey = text
            case .secretKey: signature.secretKey = text
            case .sessionToken: signature.sessionToken = text.isEmpty ? nil : text
            default: break
            }
            credentials = .awsSigV4(signature)
        case nil:
            break
        }
    }

    /// Moves a choice to its next value (the type keeps what carries over).
    public func cycle(_ credentials: inout Authentication?) {
        switch (self, credentials) {
        case (.kind, _): credentials = AuthKind(credentials).cycled(by: 1).credentials(replacing: credentials)
        case (.keyPlacement, .apiKey(var key)?):
            key.placement = key.placement == .header ? .query : .header
            credentials = .apiKey(key)
        case (.grant, .oauth2(var settings)?):
            settings.grant = settings.grant.cycled(by: 1)
            credentials = .oauth2(settings)
        case (.credentialsPlacement, .oauth2(var settings)?):
            settings.clientAuthentication = settings.clientAuthentication.cycled(by: 1)
            credentials = .oauth2(settings)
        default: break
        }
    }
}
