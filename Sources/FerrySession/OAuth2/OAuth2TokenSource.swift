import FerryCore
import FerryStore
import Foundation

/// Where OAuth 2.0 requests get their tokens: the cache file of the collection and environment
/// when the token there is fresh; else a renewal with the refresh token; else the grant itself
/// (client credentials, or the authorization code through the browser and a loopback listener).
/// One token is fetched at a time per settings, however many requests wait for it.
public actor OAuth2TokenSource {
    private let transport: any Transport
    private let cache: OAuth2TokenFile?
    private let browser: SystemBrowser
    /// Told what the user must do or know (the URL to open), for stderr or the status line.
    private let notify: @Sendable (String) -> Void
    /// How long the authorization code grant waits for the browser's redirect.
    private let authorizationTimeout: TimeInterval
    /// The tokens this process got (all there is without a cache file, or when it cannot be written).
    private var held: [String: OAuth2Token] = [:]
    private var fetching: [String: Task<OAuth2Token, any Error>] = [:]

    public init(
        transport: any Transport, cache: OAuth2TokenFile?, browser: SystemBrowser, authorizationTimeout: TimeInterval = 300,
        notify: @escaping @Sendable (String) -> Void
    ) {
        self.transport = transport
        self.cache = cache
        self.browser = browser
        self.authorizationTimeout = authorizationTimeout
        self.notify = notify
    }

    /// A token for `settings` that has not expired: the cached one, or a renewed or new one.
    /// `options` carry the API request's TLS, proxy and timeouts to the token endpoint.
    public func token(for settings: OAuth2Settings, options: RequestOptions = RequestOptions()) async throws -> OAuth2Token {
        if let cached = cached(settings), !cached.needsRefresh() { return cached }
        return try await fetch(settings, options: options, replacing: cached(settings))
    }

    /// A token to try after the server refused `used` (a 401): the cached one when another
    /// request already renewed it, else a renewed or new one.
    public func token(
        for settings: OAuth2Settings, replacing used: OAuth2Token, options: RequestOptions = RequestOptions()
    ) async throws -> OAuth2Token {
        if let cached = cached(settings), cached.accessToken != used.accessToken, !cached.needsRefresh() { return cached }
        return try await fetch(settings, options: options, replacing: used)
    }

    /// A new token whatever the cache holds: renewed with the refresh token when `refresh` and
    /// there is one, else by the grant (the Auth tab's "get token" and "refresh token").
    public func newToken(
        for settings: OAuth2Settings, refresh: Bool, options: RequestOptions = RequestOptions()
    ) async throws -> OAuth2Token {
        try await fetch(settings, options: options, replacing: refresh ? cached(settings) : nil)
    }

    /// The cached token for `settings` while it needs no renewal; nil when one would have to be fetched.
    public func freshToken(for settings: OAuth2Settings) -> OAuth2Token? {
        cached(settings).flatMap { $0.needsRefresh() ? nil : $0 }
    }

    private func cached(_ settings: OAuth2Settings) -> OAuth2Token? {
        cache?.token(for: settings.cacheKey) ?? held[settings.cacheKey]
    }

    private func fetch(_ settings: OAuth2Settings, options: RequestOptions, replacing old: OAuth2Token?) async throws -> OAuth2Token {
        let key = settings.cacheKey
        if let running = fetching[key] { return try await running.value }
        let task = Task { try await self.obtain(settings, options: options, replacing: old) }
        fetching[key] = task
        defer { fetching[key] = nil }
        // Cancelling the request (Esc, Ctrl-C) stops the fetch, a wait for the browser included.
        let token = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        held[key] = token
        do {
            try cache?.store(token, for: key)
        } catch {
            // The request still goes with the token; the user learns why the next run will ask again.
            notify("the OAuth 2.0 token was not cached: " + ErrorChain(error).line)
        }
        return token
    }

    /// Renews with `old`'s refresh token when it has one; a refused renewal falls back to the grant.
    private func obtain(_ settings: OAuth2Settings, options: RequestOptions, replacing old: OAuth2Token?) async throws -> OAuth2Token {
        if let refreshToken = old?.refreshToken {
            do {
                return try await requestToken(
                    settings, settings.refreshParameters(refreshToken: refreshToken), grant: "refresh_token",
                    options: options, previousRefreshToken: refreshToken)
            } catch FerryError.authenticationFailed(reason: .tokenRefused) {
                // The refresh token expired or was revoked: the grant starts over.
            }
        }
        switch settings.grant {
        case .clientCredentials:
            return try await requestToken(settings, settings.clientCredentialsParameters, grant: settings.grant.rawValue, options: options)
        case .authorizationCode:
            return try await authorize(settings, options: options)
        }
    }

    /// The authorization code grant: the browser (or the user, given the URL) asks the server,
    /// whose redirect brings the code to the loopback listener; the code and PKCE verifier buy the token.
    private func authorize(_ settings: OAuth2Settings, options: RequestOptions) async throws -> OAuth2Token {
        let listener = try LoopbackRedirectListener(callbackURL: settings.callbackURL)
        let pkce = PKCE()
        let state = PKCE.randomToken(bytes: 16)
        let url = try settings.authorizationRequestURL(redirectURI: listener.redirectURI, state: state, challenge: pkce.challenge)
        let opened = browser.open(url)
        notify(
            (opened ? "OAuth 2.0: authorize in the browser (or open " : "OAuth 2.0: open this URL to authorize (") + url.absoluteString
                + ")")
        let items = try await listener.awaitRedirect(timeout: authorizationTimeout)
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let error = value("error") {
            throw FerryError.authenticationFailed(
                reason: .authorizationFailed(
                    problem: "the authorization server answered with an error",
                    error: error, description: value("error_description")))
        }
        guard value("state") == state else {
            throw FerryError.authenticationFailed(
                reason: .authorizationFailed(
                    problem: "the redirect's state does not match the request's (a forged redirect?)",
                    error: nil, description: nil))
        }
        guard let code = value("code"), !code.isEmpty else {
            throw FerryError.authenticationFailed(
                reason: .authorizationFailed(problem: "the redirect brought no code", error: nil, description: nil))
        }
        return try await requestToken(
            settings, settings.codeExchangeParameters(code: code, redirectURI: listener.redirectURI, verifier: pkce.verifier),
            grant: settings.grant.rawValue, options: options)
    }

    private func requestToken(
        _ settings: OAuth2Settings, _ parameters: [(String, String)], grant: String, options: RequestOptions,
        previousRefreshToken: String? = nil
    ) async throws -> OAuth2Token {
        var request = try settings.tokenRequest(parameters)
        request.options = options
        let response: Response
        let body: Data
        do {
            response = try await transport.send(request, receivingInto: .default, progress: nil)
            body = try response.body.mappedData()
        } catch let failure as FerryError {
            throw FerryError.authenticationFailed(reason: .tokenRequestFailed(endpoint: settings.tokenURL, underlying: failure))
        }
        return try OAuth2Token(
            tokenResponse: body, status: response.status, endpoint: settings.tokenURL, grant: grant,
            previousRefreshToken: previousRefreshToken)
    }
}
