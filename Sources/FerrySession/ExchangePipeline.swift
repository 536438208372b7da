import FerryCore
import FerryGRPC
import FerryStore
import Foundation

/// The life of an exchange once its request is resolved, the same for `ferry send`, `ferry run`,
/// the TUI and chained values, as Alamofire's `Session` is for its requests:
///
///     cookie jar read → credentials applied (OAuth 2.0 token; a 401 renews it and retries once)
///       → transport (gRPC calls for `grpc://` URLs: `GRPCTransport`) → the jar the exchange brings back written
///       → concluded (`ResponseConclusion`: parsed once, checked, captured)
///       → the request's post-response and tests scripts (`PendingScripts`) → recorded (`HistoryWriter`)
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
    /// Where finished exchanges are recorded; nil when nothing is (`--no-history`).
    public let history: HistoryWriter?
    /// Told when the jar could not be read or written (the exchange itself goes on).
    private let onCookieProblem: @Sendable (FerryError) -> Void

    public init(
        transport: any Transport, tokens: OAuth2TokenSource, cookies: CookieJarStore?, environment: String?,
        history: HistoryWriter? = nil, onCookieProblem: @escaping @Sendable (FerryError) -> Void = { _ in }
    ) {
        // The metatypes compared, not `is GRPCTransport`: a failed cast of an existential to a
        // struct is the runtime's slow path (~0.1 ms a process, on every `ferry send`).
        self.transport = type(of: transport) == GRPCTransport.self ? transport : GRPCTransport(inner: transport)
        self.tokens = tokens
        self.cookies = cookies
        self.environment = environment
        self.history = history
        self.onCookieProblem = onCookieProblem
    }

    /// One exchange through every stage: `transmit`, then `conclude` (with the request's `scripts`,
    /// if any). Never throws: a failure is the outcome's.
    public func exchange(
        _ request: Request, concluding conclusion: ResponseConclusion, origin: HistoryOrigin?,
        timeLimit: RequestTimeLimit? = nil, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, observer: (any ResponseStreamObserver)? = nil,
        redaction: Redaction, scripts: PendingScripts? = nil
    ) async -> ExchangeOutcome {
        let sent = await transmit(
            request, timeLimit: timeLimit, receivingInto: destination, progress: progress, observer: observer, redaction: redaction)
        return await conclude(sent, with: conclusion, origin: origin, scripts: scripts)
    }

    /// The first half of an exchange: `request` sent (`send`) with `timeLimit` unless it has a limit
    /// of its own; the outcome holds the response as it came, or the failure (a timeout naming the
    /// limit). `ferry run` concludes one request while the next is on the wire.
    public func transmit(
        _ request: Request, timeLimit: RequestTimeLimit? = nil, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, observer: (any ResponseStreamObserver)? = nil,
        redaction: Redaction
    ) async -> ExchangeOutcome {
        let (limited, isLimited) = timeLimit?.applied(to: request) ?? (request, false)
        var outcome = ExchangeOutcome(request: limited, started: Date(), concluded: nil, failure: nil, redaction: redaction)
        do {
            let response = try await send(
                limited, receivingInto: destination, progress: progress, observer: observer, redaction: &outcome.redaction)
            outcome.concluded = Concluded(response: response)
        } catch {
            let failure = error as? FerryError ?? .explicitlyCancelled
            outcome.failure = timeLimit?.explained(failure, limited: isLimited) ?? failure
        }
        return outcome
    }

    /// The second half: the response concluded as `conclusion` says (the values it captures as
    /// secret join the redaction), then the exchange recorded as coming from `origin` (nil: not recorded).
    public func conclude(_ sent: ExchangeOutcome, with conclusion: ResponseConclusion, origin: HistoryOrigin?) -> ExchangeOutcome {
        let outcome = Self.concluded(sent, with: conclusion)
        if let origin { record(outcome, origin: origin) }
        return outcome
    }

    /// The second half with the request's scripts: the response concluded, then `scripts`'
    /// post-response and tests scripts run on it (their tests join its checks after the pre-request
    /// scripts', the variables they set its captures, secret ones its redaction), then recorded.
    public func conclude(
        _ sent: ExchangeOutcome, with conclusion: ResponseConclusion, origin: HistoryOrigin?, scripts: PendingScripts?
    ) async -> ExchangeOutcome {
        var outcome = Self.concluded(sent, with: conclusion)
        if let scripts {
            let report = await scripts.report(after: outcome.response)
            if var concluded = outcome.concluded {
                var checks = concluded.checks ?? CheckReport()
                report.apply(to: &checks)
                concluded.checks = checks
                outcome.concluded = concluded
            }
            // Mostly none: `Redaction(secretsOf:)`'s generic path cost ~2 µs a request.
            if report.variables.contains(where: { $0.isSecret }) {
                outcome.redaction.add(Redaction(secretsOf: report.variables).rules)
            }
            outcome.scripts = report
        }
        if let origin { record(outcome, origin: origin) }
        return outcome
    }

    private static func concluded(_ sent: ExchangeOutcome, with conclusion: ResponseConclusion) -> ExchangeOutcome {
        var outcome = sent
        if let response = sent.response {
            let concluded = conclusion.conclude(response, method: sent.request.method)
            outcome.redaction.add(concluded.secrets.rules)
            outcome.concluded = concluded
        }
        return outcome
    }

    /// Records a finished exchange in the history (a WebSocket session when it ends).
    public func record(_ outcome: ExchangeOutcome, origin: HistoryOrigin) {
        history?.append(
            FinishedExchange(
                request: outcome.request, response: outcome.response, error: outcome.error, started: outcome.started, origin: origin,
                redaction: outcome.redaction, checks: outcome.concluded?.checks?.results ?? []))
    }

    /// Sends `request` through every stage. A request that brings its own cookies (`-b`, `-c`,
    /// `--no-cookies`) is sent with them and the jar is left alone. The tokens it went with join
    /// `redaction`, so they are never shown or stored.
    public func send(
        _ request: Request, receivingInto destination: ResponseDestination = .default,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, observer: (any ResponseStreamObserver)? = nil,
        redaction: inout Redaction
    ) async throws -> Response {
        let keepsJar = cookies != nil && request.cookies == nil
        let request = withJar(request)
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

    /// Opens `request`'s WebSocket with the jar's cookies and its credentials, as `send` sends (the
    /// session is recorded with `record` when it ends).
    public func openWebSocket(_ request: Request, redaction: inout Redaction) async throws -> any WebSocketConnection {
        try await OAuth2Interceptor(transport: transport, tokens: tokens).openWebSocket(withJar(request), redaction: &redaction)
    }

    /// `request` with the jar's cookies, unless it brings its own or this pipeline keeps none; a jar
    /// that cannot be read is told and the request goes without.
    private func withJar(_ request: Request) -> Request {
        guard let cookies, request.cookies == nil else { return request }
        var request = request
        do {
            request.cookies = RequestCookies(jar: try cookies.jar(environment: environment))
        } catch {
            onCookieProblem(
                .invalidRequest(reason: .invalidArgument(name: "cookie jar", problem: error.description + " (sent without cookies)")))
        }
        return request
    }
}
