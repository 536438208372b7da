import FerryCore
import FerrySession
import FerryStore
import FerryTUI
import Foundation

/// The TUI's effects on exchanges: requests sent and cancelled, WebSockets opened, written to and
/// closed, OAuth 2.0 tokens fetched, chained variables taken — all through the collection's
/// exchange pipelines, off the UI thread; what comes of them is posted to the inbox.
final class ExchangeEffects {
    /// Every exchange goes through these: cookies, credentials, the transport, the history.
    let pipelines: ExchangePipelines
    /// The collection whose cookie jars and tokens the exchanges use (nil: the ad-hoc ones).
    let cookieCollection: String?
    let inbox: MessageInbox
    private let trace: FrameTrace
    /// The collection's folder, for the history's origin and the chained requests' files.
    private let root: String?
    /// GraphQL schemas fetched by introspection, per endpoint.
    private let schemaCache: GraphQLSchemaCache?
    /// Each environment's chained variables and the values taken this session (by environment name).
    private var chainers: [String: VariableChainer] = [:]
    private var transfers: [Int: Task<Void, Never>] = [:]
    /// The TUI's WebSockets, by the id of the request that opened them.
    private var webSockets: [Int: WebSocketRelay] = [:]
    /// When each request went out, for the elapsed time shown while it is in flight.
    private var started: [Int: ContinuousClock.Instant] = [:]
    /// The collection's OpenAPI document (its `openapi:`), read at the first exchange; nil inside
    /// when it names none or could not be read (told once on the status line).
    private var contract: OpenAPIContract??

    init(
        pipelines: ExchangePipelines, cookieCollection: String?, inbox: MessageInbox, trace: FrameTrace, root: String?,
        schemaCache: GraphQLSchemaCache?
    ) {
        self.pipelines = pipelines
        self.cookieCollection = cookieCollection
        self.inbox = inbox
        self.trace = trace
        self.root = root
        self.schemaCache = schemaCache
    }

    /// The cookie jars each exchange is sent with and brings back, which the cookie sheet shows.
    var cookies: CookieJarStore { pipelines.cookies(collection: cookieCollection) }

    /// When request `id` went out, while it is known.
    func startTime(of id: Int) -> ContinuousClock.Instant? { started[id] }

    /// Stops every transfer (the TUI is quitting) and writes what the history still holds.
    func stopAll() {
        for task in transfers.values { task.cancel() }
        _ = pipelines.history?.finish()
    }

    /// Sends `outgoing`; its scripts run the collection's request files (`bru.runRequest`) through `collection`'s chainer.
    func send(_ outgoing: OutgoingRequest, id: Int, collection: CollectionState) {
        let run = begin(id, environment: outgoing.environment, requestPath: outgoing.requestPath, collection: collection)
        transfers[id] = Task.detached { await run.exchange(outgoing) }
    }

    /// Runs the request's pre-request scripts (collection → folder → request), then resolves and
    /// sends what they left; their console and tests join its checks, the variables they set its
    /// captures. A request they cannot leave sendable fails as `send` would have refused it.
    func sendScripted(_ scripted: ScriptedRequest, id: Int, collection: CollectionState) {
        let run = begin(id, environment: scripted.environment, requestPath: scripted.requestPath, collection: collection)
        transfers[id] = Task.detached {
            let scripts = ExchangeScripts(request: scripted.source.description, defaults: scripted.source.defaults)
            var description = scripted.source.description
            var resolver = VariableResolver(scripted.variables)
            let context = run.scriptContext(title: scripted.source.title, resolver: resolver)
            let before = await scripts.runBefore(on: &description, resolver: &resolver, context: context)
            do {
                guard !before.skipRequest else {
                    throw FerryError.invalidRequest(
                        reason: .invalidArgument(
                            name: "the request", problem: "a pre-request script skipped it (skipRequest); nothing was sent"))
                }
                await run.exchange(try scripted.outgoing(after: description, with: resolver), before: before)
            } catch {
                run.inbox.post(
                    .requestFailed(id: id, resolver.redaction.redact(ErrorChain(error)), elapsed: secondsElapsed(since: run.started)))
            }
        }
    }

    func cancel(_ id: Int) { transfers[id]?.cancel() }

    /// Request `id` going out now: its start noted, the pipeline and origin it goes through, the
    /// chainer its scripts run request files with.
    private func begin(_ id: Int, environment: String?, requestPath: String?, collection: CollectionState) -> ExchangeRun {
        trace.requestSent()
        let started = ContinuousClock.now
        self.started[id] = started
        return ExchangeRun(
            id: id, inbox: inbox, started: started, pipeline: pipelines.pipeline(collection: cookieCollection, environment: environment),
            origin: HistoryOrigin(collection: root, requestPath: requestPath, environment: environment), schemaCache: schemaCache,
            contract: collectionContract(), chainer: chainer(environment: environment, collection: collection))
    }

    /// The environment's chainer (its chained variables, the values taken this session, the request
    /// files scripts run), made on first use; nil without a collection.
    private func chainer(environment: String?, collection: CollectionState) -> VariableChainer? {
        guard let root else { return nil }
        if let chainer = chainers[environment ?? ""] { return chainer }
        let chainer = VariableChainer(
            root: root, environment: environment, chains: collection.chains, connection: collection.connection,
            pipeline: pipelines.pipeline(collection: cookieCollection, environment: environment),
            cache: ChainValueCache(locations: cookies.locations, collection: root, environment: environment),
            access: collection.fileAccess)
        chainers[environment ?? ""] = chainer
        return chainer
    }

    /// The collection's contract, read the first time it is asked for; a document that cannot be
    /// read is told on the status line, and the exchanges go unchecked.
    private func collectionContract() -> OpenAPIContract? {
        if let contract { return contract }
        var read: OpenAPIContract?
        do {
            read = try root.flatMap { try ContractFile.collection(at: $0) }
        } catch {
            inbox.post(.notice("✗ openapi: " + ((error as? FerryError).map { ErrorChain($0).line } ?? "\(error)")))
        }
        contract = .some(read)
        return read
    }

    /// Opens the request's WebSocket through the pipeline; its messages come back as they go and
    /// come, and the session is recorded in the history when it ends.
    func openWebSocket(_ outgoing: OutgoingRequest, id: Int) {
        let request = outgoing.resolved.request
        let redaction = outgoing.resolved.redaction
        let relay = WebSocketRelay(id: id, inbox: inbox, redaction: redaction)
        webSockets[id] = relay
        started[id] = .now
        let pipeline = pipelines.pipeline(collection: cookieCollection, environment: outgoing.environment)
        let origin = HistoryOrigin(collection: root, requestPath: outgoing.requestPath, environment: outgoing.environment)
        let startDate = Date()
        transfers[id] = Task.detached {
            var redaction = redaction
            await relay.run(url: request.url.absoluteString) {
                try await pipeline.openWebSocket(request, redaction: &redaction)
            } ended: {
                session in
                pipeline.record(
                    ExchangeOutcome(request: request, started: startDate, session: session, redaction: redaction), origin: origin)
            }
        }
    }

    func sendWebSocketMessage(_ message: WebSocketOutgoing, id: Int) { webSockets[id]?.send(message) }

    func closeWebSocket(_ id: Int) { webSockets[id]?.close() }

    /// Fetches a new OAuth 2.0 token for `environment` (the Auth tab's `t`) and says how it went.
    func fetchToken(_ settings: OAuth2Settings, options: RequestOptions, environment: String?, refresh: Bool) {
        let tokens = pipelines.pipeline(collection: cookieCollection, environment: environment).tokens
        inbox.answer {
            do {
                let token = try await tokens.newToken(for: settings, refresh: refresh, options: options)
                return .notice(
                    "✓ OAuth 2.0 token from \(settings.tokenURL)"
                        + (token.expiresAt.map { ", expires in \(Int($0.timeIntervalSinceNow.rounded())) s" } ?? "")
                        + (token.refreshToken == nil ? "" : ", with a refresh token") + "; cached for this environment")
            } catch {
                return .notice("✗ " + ErrorChain(error).line)
            }
        }
    }

    /// Takes a chained variable's value with the collection's chains (sending its request unless a
    /// fresh value is kept); without a collection there are no chains and the variable stays unresolved.
    func takeChainedVariable(
        _ chain: VariableChain, variables: [Variable], environment: String?, collection: CollectionState
    ) {
        guard let chainer = chainer(environment: environment, collection: collection) else {
            inbox.post(.chainFailed(ErrorChain(FerryError.invalidRequest(reason: .unresolvedVariable(name: chain.name, place: "request")))))
            return
        }
        inbox.answer {
            do {
                let (variable, sent) = try await chainer.value(of: chain, resolver: VariableResolver(variables))
                let answer = sent.map { sent in
                    "\(sent.chain.request) (\(sent.outcome.response.map { "\($0.status)" } ?? "no answer"))"
                }
                return .chainedVariableTaken(variable, sent: answer)
            } catch {
                return .chainFailed(ErrorChain(error))
            }
        }
    }

    /// The schema cached for `endpoint`, or a notice that there is none.
    func loadSchema(endpoint: String) {
        let cache = schemaCache
        inbox.answer(blocking: {
            guard let cached = cache?.load(url: endpoint) else { return .notice("no schema of \(endpoint) is cached: S fetches it") }
            return .graphQLSchemaLoaded(endpoint: endpoint, cached.schema)
        })
    }

    /// The concluded response as the views show it, secrets redacted. The views' document is the
    /// conclusion's unless redaction changed the body (a secret in a body held in memory): that body
    /// is parsed again, as shown. The checks keep what they found in the response as it came.
    static func summary(
        of concluded: Concluded, method: HTTPMethod, evaluator: ResponseEvaluator?, redaction: Redaction
    ) -> ResponseSummary {
        var shown = concluded
        shown.response = redaction.redact(concluded.response)
        if let evaluator, case .memory(let received) = concluded.response.body.storage,
            case .memory(let redacted) = shown.response.body.storage, redacted != received
        {
            shown = ResponseConclusion(evaluator: evaluator).conclude(shown.response, method: method)
            shown.checks = concluded.checks
        }
        return ResponseSummary(shown)
    }

    /// The schema an introspection answer holds, kept in the cache; a notice when it holds none.
    static func schemaLoaded(from response: Response, endpoint: String, cache: GraphQLSchemaCache?) -> Message {
        do {
            let json = try response.body.mappedData()
            let schema = try IntrospectedSchema(introspection: json)
            try cache?.save(json, url: endpoint)
            return .graphQLSchemaLoaded(endpoint: endpoint, schema)
        } catch {
            return .notice("✗ no GraphQL schema from \(endpoint): " + ErrorChain(error).line)
        }
    }
}

/// Seconds from `start` until now.
func secondsElapsed(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
