import Foundation

/// OAuth 2.0 (RFC 6749) as a client asks for an access token: the grant, the endpoints, the client
/// and what it asks for. Strings may hold `{{variables}}` until `Authentication.resolved` fills them in.
/// The token is sent as a bearer token; Ferry fetches, caches and refreshes it (`OAuth2Token`).
public struct OAuth2Settings: Sendable, Hashable {
    /// How the token is obtained. A refresh token, when the server gives one, renews either.
    public enum Grant: String, Sendable, Hashable, CaseIterable {
        /// The client's own credentials, no user (RFC 6749 §4.4).
        case clientCredentials = "client_credentials"
        /// A user approves in a browser; the code comes back to a one-shot listener on 127.0.0.1
        /// and is exchanged with PKCE S256 (RFC 6749 §4.1, RFC 7636, RFC 8252).
        case authorizationCode = "authorization_code"

        /// How the Auth tab and messages name it.
        public var label: String { self == .clientCredentials ? "client credentials" : "authorization code + PKCE" }
    }

    /// Where the client id and secret go in a token request (RFC 6749 §2.3.1).
    public enum ClientAuthentication: String, Sendable, Hashable, CaseIterable {
        /// `Authorization: Basic` (the RFC's recommended form; Postman's and Bruno's "basic auth header").
        case header
        /// `client_id` and `client_secret` in the form body.
        case body
    }

    public var grant: Grant
    public var tokenURL: String
    /// The authorization endpoint the browser opens (authorization code only).
    public var authorizationURL: String
    public var clientID: String
    /// A secret; empty for a public client (which then relies on PKCE).
    public var clientSecret: String
    /// Space-separated scopes; empty asks for the server's default.
    public var scope: String
    /// The API the token is for (`audience`, as Auth0 and Okta ask); empty: not sent.
    public var audience: String
    public var clientAuthentication: ClientAuthentication
    /// The `redirect_uri` of the authorization code grant when the server has one registered
    /// (`http://127.0.0.1:PORT/PATH` or `localhost`); empty: a free port, path `/callback`.
    public var callbackURL: String

    public init(
        grant: Grant = .clientCredentials, tokenURL: String = "", authorizationURL: String = "", clientID: String = "",
        clientSecret: String = "", scope: String = "", audience: String = "", clientAuthentication: ClientAuthentication = .header,
        callbackURL: String = ""
    ) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.authorizationURL = authorizationURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.audience = audience
        self.clientAuthentication = clientAuthentication
        self.callbackURL = callbackURL
    }

    /// What a cached token is filed under: the same endpoint, client, grant, scope and audience
    /// share a token (the secret is not part of it, so it is never written to the cache).
    public var cacheKey: String {
        [grant.rawValue, tokenURL, clientID, scope, audience].joined(separator: " ")
    }

    /// The token request for `grant`'s parameters (`grant_type` first), as a form POST with the
    /// client authenticated as `clientAuthentication` says.
    public func tokenRequest(_ parameters: [(String, String)]) throws -> Request {
        let url = try Request.parseURL(tokenURL)
        var form = parameters
        if !audience.isEmpty, parameters.first?.1 != "refresh_token" { form.append(("audience", audience)) }
        var request = Request(
            method: .post, url: url,
            headers: [
                "Accept": "application/json",
                "Content-Type": "application/x-www-form-urlencoded",
            ])
        if clientAuthentication == .header, !clientSecret.isEmpty {
            // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined.
            request.authentication = .basic(
                username: QueryStringEncoder.percentEscaped(clientID), password: QueryStringEncoder.percentEscaped(clientSecret))
        } else {
            form.append(("client_id", clientID))
            if !clientSecret.isEmpty { form.append(("client_secret", clientSecret)) }
        }
        request.body = .bytes(Data(Self.formEncoded(form).utf8))
        return request
    }

    /// The client credentials grant's parameters.
    public var clientCredentialsParameters: [(String, String)] {
        [("grant_type", Grant.clientCredentials.rawValue)] + (scope.isEmpty ? [] : [("scope", scope)])
    }

    /// The parameters that exchange an authorization code (with its PKCE verifier).
    public func codeExchangeParameters(code: String, redirectURI: String, verifier: String) -> [(String, String)] {
        [("grant_type", Grant.authorizationCode.rawValue), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier)]
    }

    /// The parameters that renew a token with its refresh token (RFC 6749 §6).
    public func refreshParameters(refreshToken: String) -> [(String, String)] {
        [("grant_type", "refresh_token"), ("refresh_token", refreshToken)] + (scope.isEmpty ? [] : [("scope", scope)])
    }

    /// The URL the browser opens to ask the user (RFC 6749 §4.1.1 with RFC 7636's S256 challenge).
    public func authorizationRequestURL(redirectURI: String, state: String, challenge: String) throws -> URL {
        let base = try Request.parseURL(authorizationURL)
        var query = [("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI)]
        if !scope.isEmpty { query.append(("scope", scope)) }
        if !audience.isEmpty { query.append(("audience", audience)) }
        query += [("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256")]
        return try ParameterEncoding.appendingQuery(Self.formEncoded(query), to: base)
    }

    private static func formEncoded(_ pairs: [(String, String)]) -> String {
        pairs.map { QueryStringEncoder.percentEscaped($0.0) + "=" + QueryStringEncoder.percentEscaped($0.1) }.joined(separator: "&")
    }

    /// The settings with their variables filled in; an unresolved variable or a missing endpoint
    /// or client id throws, naming the field.
    func resolved(_ render: (String, String) throws -> String) throws -> OAuth2Settings {
        let required =
            [("token URL", tokenURL), ("client id", clientID)]
            + (grant == .authorizationCode ? [("authorization URL", authorizationURL)] : [])
        if let missing = required.first(where: { $0.1.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "OAuth 2.0", problem: "the \(missing.0) is empty"))
        }
        return OAuth2Settings(
            grant: grant, tokenURL: try render(tokenURL, "token URL"), authorizationURL: try render(authorizationURL, "authorization URL"),
            clientID: try render(clientID, "client id"), clientSecret: try render(clientSecret, "client secret"),
            scope: try render(scope, "scope"), audience: try render(audience, "audience"), clientAuthentication: clientAuthentication,
            callbackURL: try render(callbackURL, "callback URL"))
    }
}
