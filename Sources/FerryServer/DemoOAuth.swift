import FerryDigest
import Foundation
import NIOHTTP1
import Synchronization

/// The demo server's OAuth 2.0 authorization server, for offline use and tests: `/oauth/token`
/// (client credentials, authorization code with PKCE S256 verified, refresh token),
/// `/oauth/authorize` (approves at once and redirects back with the code and state),
/// `/oauth/revoke` (RFC 7009) and `/oauth/resource`, which takes only a live bearer token.
/// Tokens live `tokenLifetime` seconds; refresh tokens are rotated at each use.
public final class DemoOAuth: Sendable {
    /// A confidential client (`clientSecret`) and a public one (PKCE only).
    public static let clientID = "ferry-demo"
    public static let clientSecret = "demo-secret"
    public static let publicClientID = "ferry-public"

    /// How many times each grant was answered with a token, and how often a token was refused.
    public struct Counts: Sendable, Equatable {
        public var clientCredentials = 0
        public var authorizationCode = 0
        public var refresh = 0
        /// Token requests answered with an error.
        public var refusedTokenRequests = 0
        /// Requests to the protected resource answered 401.
        public var refusedResourceRequests = 0

        public init(
            clientCredentials: Int = 0, authorizationCode: Int = 0, refresh: Int = 0, refusedTokenRequests: Int = 0,
            refusedResourceRequests: Int = 0
        ) {
            self.clientCredentials = clientCredentials
            self.authorizationCode = authorizationCode
            self.refresh = refresh
            self.refusedTokenRequests = refusedTokenRequests
            self.refusedResourceRequests = refusedResourceRequests
        }
    }

    public let tokenLifetime: Int
    private let state = Mutex(State())

    private struct Grant: Sendable {
        var client: String
        var scope: String
        var expires: Date
    }

    private struct PendingCode: Sendable {
        var grant: Grant
        var redirectURI: String
        var challenge: String
    }

    private struct State: Sendable {
        var codes: [String: PendingCode] = [:]
        var accessTokens: [String: Grant] = [:]
        var refreshTokens: [String: Grant] = [:]
        var counts = Counts()
    }

    public init(tokenLifetime: Int = 300) { self.tokenLifetime = tokenLifetime }

    public var counts: Counts { state.withLock { $0.counts } }

    func reply(for request: DemoRequest, endpoint: String) -> DemoReply {
        switch endpoint {
        case "authorize": authorize(request)
        case "token" where request.head.method == .POST: token(request)
        case "revoke" where request.head.method == .POST: revoke(request)
        case "resource": resource(request)
        default: .text("not found: \(request.head.uri)\n", status: .notFound)
        }
    }

    // MARK: - Endpoints

    private func authorize(_ request: DemoRequest) -> DemoReply {
        let clientID = request.queryValue("client_id") ?? ""
        guard [Self.clientID, Self.publicClientID].contains(clientID) else {
            return .text("unknown client_id `\(clientID)`\n", status: .badRequest)
        }
        guard let redirectURI = request.queryValue("redirect_uri"), let target = URLComponents(string: redirectURI),
            target.scheme == "http", ["127.0.0.1", "localhost", "[::1]"].contains(target.host ?? "")
        else {
            return .text("redirect_uri must be a loopback http URL (RFC 8252)\n", status: .badRequest)
        }
        var items = [URLQueryItem]()
        if request.queryValue("response_type") != "code" {
            items.append(URLQueryItem(name: "error", value: "unsupported_response_type"))
        } else if request.queryValue("code_challenge_method") != "S256" || (request.queryValue("code_challenge") ?? "").isEmpty {
            items += [
                URLQueryItem(name: "error", value: "invalid_request"),
                URLQueryItem(name: "error_description", value: "PKCE with S256 is required"),
            ]
        } else {
            let code = Self.randomToken()
            let grant = Grant(client: clientID, scope: request.queryValue("scope") ?? "demo", expires: Date().addingTimeInterval(600))
            state.withLock {
                $0.codes[code] = PendingCode(grant: grant, redirectURI: redirectURI, challenge: request.queryValue("code_challenge") ?? "")
            }
            items.append(URLQueryItem(name: "code", value: code))
        }
        if let given = request.queryValue("state") { items.append(URLQueryItem(name: "state", value: given)) }
        var location = target
        location.queryItems = (target.queryItems ?? []) + items
        return .redirect(to: location.string ?? redirectURI)
    }

    private func token(_ request: DemoRequest) -> DemoReply {
        let form = Dictionary(FormDecoding.decode(String(decoding: request.body, as: UTF8.self)).map { ($0.name, $0.value) }) { first, _ in
            first
        }
        var client = form["client_id"]
        var secret = form["client_secret"]
        let basic = request.head.headers.first(name: "Authorization").flatMap(Self.basicCredentials)
        if let basic { (client, secret) = (basic.0, basic.1) }
        func refuse(_ error: String, _ description: String, status: HTTPResponseStatus = .badRequest) -> DemoReply {
            state.withLock { $0.counts.refusedTokenRequests += 1 }
            var reply = DemoRoutes.jsonReply(["error": error, "error_description": description], status: status)
            if status == .unauthorized, basic != nil {
                reply.headers.add(name: "WWW-Authenticate", value: #"Basic realm="Ferry demo OAuth""#)
            }
            reply.headers.add(name: "Cache-Control", value: "no-store")
            return reply
        }
        guard let client, [Self.clientID, Self.publicClientID].contains(client) else {
            return refuse("invalid_client", "unknown client", status: .unauthorized)
        }
        if client == Self.clientID ? secret != Self.clientSecret : !(secret ?? "").isEmpty {
            return refuse(
                "invalid_client", client == Self.clientID ? "the client secret is wrong" : "a public client has no secret",
                status: .unauthorized)
        }
        let grant: Grant
        switch form["grant_type"] {
        case "client_credentials":
            guard client == Self.clientID else { return refuse("unauthorized_client", "a public client cannot use client credentials") }
            grant = Grant(client: client, scope: form["scope"] ?? "demo", expires: .distantFuture)
            state.withLock { $0.counts.clientCredentials += 1 }
        case "authorization_code":
            let pending = state.withLock { $0.codes.removeValue(forKey: form["code"] ?? "") }
            guard let pending, pending.grant.expires > Date(), pending.grant.client == client else {
                return refuse("invalid_grant", "the code is unknown, used or expired")
            }
            guard form["redirect_uri"] == pending.redirectURI else {
                return refuse("invalid_grant", "redirect_uri differs from the authorization request's")
            }
            let verifier = form["code_verifier"] ?? ""
            let challenge = Data(MessageDigest.hash(.sha256, data: Data(verifier.utf8))).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            guard !verifier.isEmpty, challenge == pending.challenge else {
                return refuse("invalid_grant", "the PKCE code_verifier does not match the code_challenge")
            }
            grant = pending.grant
            state.withLock { $0.counts.authorizationCode += 1 }
        case "refresh_token":
            let known = state.withLock { $0.refreshTokens.removeValue(forKey: form["refresh_token"] ?? "") }
            guard let known, known.client == client else { return refuse("invalid_grant", "the refresh token is unknown, used or revoked") }
            grant = known
            state.withLock { $0.counts.refresh += 1 }
        case let other:
            return refuse("unsupported_grant_type", "grant_type `\(other ?? "")` is not supported")
        }
        let access = Self.randomToken()
        var answer: [String: Any] = ["access_token": access, "token_type": "Bearer", "expires_in": tokenLifetime, "scope": grant.scope]
        state.withLock { state in
            state.accessTokens[access] = Grant(
                client: grant.client, scope: grant.scope, expires: Date().addingTimeInterval(Double(tokenLifetime)))
            if form["grant_type"] != "client_credentials" {  // RFC 6749 §4.4.3: no refresh token for client credentials
                let refresh = Self.randomToken()
                state.refreshTokens[refresh] = grant
                answer["refresh_token"] = refresh
            }
        }
        var reply = DemoRoutes.jsonReply(answer)
        reply.headers.add(name: "Cache-Control", value: "no-store")
        return reply
    }

    private func revoke(_ request: DemoRequest) -> DemoReply {
        let token = FormDecoding.decode(String(decoding: request.body, as: UTF8.self)).first { $0.name == "token" }?.value ?? ""
        state.withLock { state in
            state.accessTokens[token] = nil
            state.refreshTokens[token] = nil
        }
        return .text("")
    }

    private func resource(_ request: DemoRequest) -> DemoReply {
        let header = request.head.headers.first(name: "Authorization") ?? ""
        guard header.lowercased().hasPrefix("bearer ") else {
            return refusedResource(#"Bearer realm="Ferry demo""#, "a bearer token from /oauth/token is needed")
        }
        let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard let grant = state.withLock({ $0.accessTokens[token] }) else {
            return refusedResource(
                #"Bearer realm="Ferry demo", error="invalid_token", error_description="unknown or revoked token""#,
                "unknown or revoked token")
        }
        guard grant.expires > Date() else {
            return refusedResource(
                #"Bearer realm="Ferry demo", error="invalid_token", error_description="the access token expired""#,
                "the access token expired")
        }
        return DemoRoutes.jsonReply(["authenticated": true, "client": grant.client, "scope": grant.scope])
    }

    private func refusedResource(_ challenge: String, _ message: String) -> DemoReply {
        state.withLock { $0.counts.refusedResourceRequests += 1 }
        var reply = DemoRoutes.jsonReply(["error": message], status: .unauthorized)
        reply.headers.add(name: "WWW-Authenticate", value: challenge)
        return reply
    }

    // MARK: - Helpers

    private static func basicCredentials(_ header: String) -> (String, String)? {
        guard header.hasPrefix("Basic "), let decoded = Data(base64Encoded: String(header.dropFirst(6))) else { return nil }
        let text = String(decoding: decoded, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        // RFC 6749 §2.3.1: both parts are form-encoded.
        func unescape(_ part: Substring) -> String { part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part) }
        return (unescape(text[..<colon]), unescape(text[text.index(after: colon)...]))
    }

    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
    }
}
