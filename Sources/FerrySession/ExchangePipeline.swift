import FerryCore
import FerryStore
import Foundation

/// The life of an exchange once its request is resolved, the same for `ferry send`, `ferry run`,
/// the TUI and chained values, as Alamofire's `Session` is for its requests:
///
///     cookie jar read → credentials applied (OAuth 2.0 token; a 401 renews it and retries once)
///       → transport → the jar the exchange brings back written
///
/// One pipeline serves one collection and environment: its OAuth 2.0 tokens and cookie jar are
/// theirs. The request's other credentials (basic, bearer, digest, API keys, SigV4) are applied by
/// the transport as it sends (`Request.authentication`).
public final class ExchangePipeline: Sendable {
    public let transport: any Transport
    /// OAuth 2.0 tokens of the collection and environment (cached in their token file when there is one).
    public let tokens: OAuth2TokenSource
    /// The collection's jars; nil when this pipeline keeps no cookies (`--no-cookies`).
    private let cookies: CookieJarStore?
    private let environment: String?
    /// Told when the jar could not be read or written (the exchange itself goes on).
    private let onCookieProblem: @Sendable (FerryError) -> Void

    public init(
        transport: any Transport, tokens: OAuth2TokenSource, cookies: CookieJarStore?, environment: String?,
        onCookieProblem: @escaping @Sendable (FerryError) -> Void = { _ in }
    ) {
        self.transport = transport
        self.tokens = tokens
        self.cookies = cookies
        self.environment = environment
        self.onCookieProblem = onCookieProblem
    }

    /// Sends `request` through every stage. A request that brings its own cookies (`-b`, `-c`,
    /// `--no-cookies`) is sent with them and the jar is left alone. The tokens it went with join
    /// `redaction`, so they are never shown or stored.
    public func send(
        _ request: Request, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, observer: (any ResponseStreamObserver)? = nil,
        redaction: inout Redaction
    ) async throws -> Response {
        var request = request
        let keepsJar = cookies != nil && request.cookies == nil
        if keepsJar, let cookies {
            do {
                request.cookies = RequestCookies(jar: try cookies.jar(environment: environment))
            } catch {
                onCookieProblem(
                    .invalidRequest(reason: .invalidArgument(name: "cookie jar", problem: error.description + " (sent without cookies)")))
            }
        }
        let response = try await OAuth2Interceptor(transport: transport, tokens: tokens)
            .send(request, receivingInto: destination, progress: progress, observer: observer, redaction: &redaction)
        if keepsJar, let cookies, let jar = response.cookieJar {
            do {
                try cookies.store(jar, environment: environment)
            } catch {
                onCookieProblem(
                    error as? FerryError
                        ?? .localFile(reason: .unwritable(path: cookies.path(environment: environment), error: POSIXError(.EIO))))
            }
        }
        return response
    }
}
