import FerryCore
import Foundation

/// Sends requests whose credentials are OAuth 2.0 as Alamofire's `AuthenticationInterceptor`
/// does: the token (`OAuth2TokenSource`) is applied as a bearer token when the request is sent,
/// and a 401 is answered by one renewal and one retry. Other requests go straight through.
public struct OAuth2Interceptor: Sendable {
    let transport: any Transport
    public let tokens: OAuth2TokenSource

    public init(transport: any Transport, tokens: OAuth2TokenSource) {
        self.transport = transport
        self.tokens = tokens
    }

    /// Sends `request`; the tokens it went with join `redaction`, so they are never shown or stored.
    /// The refused first attempt, when there was one, is the first hop of the response's chain.
    public func send(
        _ request: Request, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, observer: (any ResponseStreamObserver)? = nil,
        redaction: inout Redaction
    ) async throws -> Response {
        guard case .oauth2(let settings)? = request.authentication else {
            return try await transport.send(request, receivingInto: destination, progress: progress, observer: observer)
        }
        let token = try await tokens.token(for: settings, options: request.options)
        redaction.add(token.redactionRules)
        let refused = try await transport.send(request.bearing(token), receivingInto: destination, progress: progress, observer: observer)
        guard refused.status == 401 else { return refused }
        let renewed = try await tokens.token(for: settings, replacing: token, options: request.options)
        redaction.add(renewed.redactionRules)
        var response = try await transport.send(
            request.bearing(renewed), receivingInto: destination, progress: progress, observer: observer)
        response.redirects = refused.redirects + [RedirectHop(url: refused.effectiveURL, status: 401, location: "")] + response.redirects
        return response
    }

    /// Opens `request`'s WebSocket, its OAuth 2.0 token applied as `send` applies it (a handshake
    /// refused with 401 is not retried: the connection is gone).
    public func openWebSocket(_ request: Request, redaction: inout Redaction) async throws -> any WebSocketConnection {
        guard case .oauth2(let settings)? = request.authentication else { return try await transport.openWebSocket(request) }
        let token = try await tokens.token(for: settings, options: request.options)
        redaction.add(token.redactionRules)
        return try await transport.openWebSocket(request.bearing(token))
    }
}

fileprivate extension Request {
    /// The request with `token` as its bearer credentials.
    func bearing(_ token: OAuth2Token) -> Request {
        var request = self
        request.authentication = .bearer(token: token.accessToken)
        return request
    }
}
