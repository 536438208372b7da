import FerryCore
import Foundation
import Yams

/// A request file's `auth:` mapping: one key naming the scheme, with its fields.
///
/// ```yaml
/// auth: {basic: {username: ann, password: "{{password}}"}}
/// auth: {bearer: "{{token}}"}
/// auth: {digest: {username: ann, password: "{{password}}"}}
/// auth: {apikey: {name: X-API-Key, value: "{{key}}", in: header}}      # or in: query
/// auth: {aws-sigv4: {region: eu-west-1, service: execute-api, access-key: …, secret-key: …, session-token: …}}
/// auth: {oauth2: {grant-type: client_credentials, access-token-url: …, client-id: …, client-secret: "{{secret}}", scope: …}}
/// auth: {oauth2: {grant-type: authorization_code, authorization-url: …, access-token-url: …, client-id: …}}  # with PKCE S256
/// ```
/// OAuth 2.0's fields are Bruno's names in Ferry's kebab case; `audience`, `callback-url` and
/// `credentials-placement: header|body` (default header) are optional.
extension Authentication {
    static let yamlKinds = ["basic", "bearer", "digest", "apikey", "aws-sigv4", "oauth2"]
    static let oauth2Fields = [
        "grant-type", "access-token-url", "authorization-url", "client-id", "client-secret", "scope", "audience", "credentials-placement",
        "callback-url",
    ]

    /// Reads `auth:`; an unknown scheme or field, or a missing one, is a problem at its line and column.
    init(yaml node: Node, in file: YAMLFile) throws(ConfigProblem) {
        let fields = try file.fields(of: node, key: "auth", allowed: Self.yamlKinds)
        guard fields.count == 1, let (kind, _, value) = fields.first else {
            throw file.problem(at: node, key: "auth", "expected one of \(Self.yamlKinds.joined(separator: ", "))")
        }
        let key = "auth.\(kind)"
        if kind == "bearer" {
            self = .bearer(token: try file.string(value, key: key))
            return
        }
        let allowed: [String] =
            switch kind {
            case "apikey": ["name", "value", "in"]
            case "aws-sigv4": ["provider", "region", "service", "access-key", "secret-key", "session-token"]
            case "oauth2": Self.oauth2Fields
            default: ["username", "password"]
            }
        var texts: [String: String] = [:]
        for (field, _, fieldValue) in try file.fields(of: value, key: key, allowed: allowed) {
            texts[field] = try file.string(fieldValue, key: "\(key).\(field)")
        }
        func required(_ field: String) throws(ConfigProblem) -> String {
            guard let text = texts[field] else { throw file.problem(at: value, key: key, "`\(field)` is missing") }
            return text
        }
        switch kind {
        case "basic": self = .basic(username: texts["username"] ?? "", password: texts["password"] ?? "")
        case "digest": self = .digest(username: texts["username"] ?? "", password: texts["password"] ?? "")
        case "apikey":
            let placementText = texts["in"] ?? APIKey.Placement.header.rawValue
            guard let placement = APIKey.Placement(rawValue: placementText) else {
                throw file.problem(at: value, key: "\(key).in", "expected header or query, found `\(placementText)`")
            }
            self = .apiKey(APIKey(name: try required("name"), value: try required("value"), placement: placement))
        case "oauth2":
            let grantText = texts["grant-type"] ?? OAuth2Settings.Grant.clientCredentials.rawValue
            guard let grant = OAuth2Settings.Grant(rawValue: grantText) else {
                throw file.problem(
                    at: value, key: "\(key).grant-type", "expected client_credentials or authorization_code, found `\(grantText)`")
            }
            let placementText = texts["credentials-placement"] ?? OAuth2Settings.ClientAuthentication.header.rawValue
            guard let placement = OAuth2Settings.ClientAuthentication(rawValue: placementText) else {
                throw file.problem(at: value, key: "\(key).credentials-placement", "expected header or body, found `\(placementText)`")
            }
            self = .oauth2(
                OAuth2Settings(
                    grant: grant, tokenURL: try required("access-token-url"),
                    authorizationURL: grant == .authorizationCode ? try required("authorization-url") : texts["authorization-url"] ?? "",
                    clientID: try required("client-id"), clientSecret: texts["client-secret"] ?? "", scope: texts["scope"] ?? "",
                    audience: texts["audience"] ?? "", clientAuthentication: placement, callbackURL: texts["callback-url"] ?? ""))
        default:
            self = .awsSigV4(
                AWSSignature(
                    provider: texts["provider"] ?? "aws:amz", region: try required("region"), service: try required("service"),
                    accessKey: try required("access-key"), secretKey: try required("secret-key"),
                    sessionToken: texts["session-token"]))
        }
    }

    /// The `auth:` mapping, fields in a fixed order, defaults left out.
    var yamlNode: Node {
        switch self {
        case .basic(let username, let password): .map([("basic", .map([("username", .text(username)), ("password", .text(password))]))])
        case .bearer(let token): .map([("bearer", .text(token))])
        case .digest(let username, let password): .map([("digest", .map([("username", .text(username)), ("password", .text(password))]))])
        case .apiKey(let key):
            .map([
                (
                    "apikey",
                    .map(
                        [("name", .text(key.name)), ("value", .text(key.value))]
                            + (key.placement == .header ? [] : [("in", .text(key.placement.rawValue))]))
                )
            ])
        case .awsSigV4(let signature):
            .map([
                (
                    "aws-sigv4",
                    .map(
                        (signature.provider == "aws:amz" ? [] : [("provider", .text(signature.provider))])
                            + [
                                ("region", .text(signature.region)), ("service", .text(signature.service)),
                                ("access-key", .text(signature.accessKey)), ("secret-key", .text(signature.secretKey)),
                            ]
                            + (signature.sessionToken.map { [("session-token", .text($0))] } ?? []))
                )
            ])
        case .oauth2(let settings):
            .map([
                (
                    "oauth2",
                    .map(
                        [
                            ("grant-type", settings.grant.rawValue), ("authorization-url", settings.authorizationURL),
                            ("access-token-url", settings.tokenURL), ("client-id", settings.clientID),
                            ("client-secret", settings.clientSecret),
                            ("scope", settings.scope), ("audience", settings.audience), ("callback-url", settings.callbackURL),
                            (
                                "credentials-placement",
                                settings.clientAuthentication == .header ? "" : settings.clientAuthentication.rawValue
                            ),
                        ]
                        .filter { !$0.1.isEmpty }.map { ($0.0, Node.text($0.1)) })
                )
            ])
        }
    }
}
