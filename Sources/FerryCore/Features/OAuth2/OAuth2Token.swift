import Foundation

/// An access token from a token endpoint (RFC 6749 §5.1), with when it expires and the refresh
/// token that renews it; cached between runs as a secret (`OAuth2TokenFile`).
public struct OAuth2Token: Sendable, Hashable, Codable {
    public var accessToken: String
    public var tokenType: String
    public var refreshToken: String?
    /// When it was received; with `expiresAt` it gives the lifetime.
    public var issuedAt: Date
    /// nil when the server gave no `expires_in`.
    public var expiresAt: Date?
    public var scope: String?

    public init(
        accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, issuedAt: Date = Date(),
        expiresAt: Date? = nil, scope: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// True when it has expired or soon will: within 30 s, or a tenth of its lifetime when that is
    /// shorter, so a token is renewed before a server refuses it (Alamofire's `requiresRefresh`).
    public func needsRefresh(at now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        let margin = min(30, expiresAt.timeIntervalSince(issuedAt) / 10)
        return now.addingTimeInterval(margin) >= expiresAt
    }

    /// Reads a token endpoint's answer: a token from a 2xx JSON answer; an RFC 6749 §5.2 error
    /// (`error`, `error_description`, `error_uri`) or an unreadable answer throws
    /// `FerryError.authenticationFailed`, naming the endpoint. A renewal that brings no new
    /// refresh token keeps `previousRefreshToken` (RFC 6749 §6).
    public init(
        tokenResponse body: Data, status: Int, endpoint: String, grant: String, previousRefreshToken: String? = nil,
        receivedAt: Date = Date()
    ) throws {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        if let error = object?["error"] as? String {
            throw FerryError.authenticationFailed(
                reason: .tokenRefused(
                    endpoint: endpoint, grant: grant, status: status, error: error,
                    description: object?["error_description"] as? String,
                    uri: object?["error_uri"] as? String))
        }
        guard (200..<300).contains(status) else {
            throw FerryError.authenticationFailed(
                reason: .tokenUnreadable(
                    endpoint: endpoint, status: status,
                    problem: "the token endpoint answered \(status) without an OAuth 2.0 error"))
        }
        guard let object, let access = object["access_token"] as? String, !access.isEmpty else {
            throw FerryError.authenticationFailed(
                reason: .tokenUnreadable(
                    endpoint: endpoint, status: status,
                    problem: "the answer is not a JSON object with an access_token"))
        }
        let type = object["token_type"] as? String ?? "Bearer"
        guard type.lowercased() == "bearer" else {
            throw FerryError.authenticationFailed(
                reason: .tokenUnreadable(
                    endpoint: endpoint, status: status,
                    problem: "the token type is \(type); Ferry sends bearer tokens only"))
        }
        let lifetime = (object["expires_in"] as? NSNumber)?.doubleValue ?? (object["expires_in"] as? String).flatMap(Double.init)
        self.init(
            accessToken: access, tokenType: type, refreshToken: object["refresh_token"] as? String ?? previousRefreshToken,
            issuedAt: receivedAt, expiresAt: lifetime.map { receivedAt.addingTimeInterval($0) }, scope: object["scope"] as? String)
    }

    /// What stands for the token wherever it would be shown or stored.
    public var redactionRules: [Redaction.Rule] {
        [Redaction.Rule(secret: accessToken, replacement: "{{oauth2 access token}}")]
            + (refreshToken.map { [Redaction.Rule(secret: $0, replacement: "{{oauth2 refresh token}}")] } ?? [])
    }
}
