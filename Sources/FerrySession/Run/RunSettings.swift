import FerryCore

/// How `ferry run` goes through its plan.
public struct RunSettings: Sendable {
    /// Stop at the first request that does not pass.
    public var bail = false
    /// Go on after a transport failure (by default the run stops there: the server is likely gone).
    public var continueOnError = false
    /// Rounds over the whole plan.
    public var repeatCount = 1
    /// One round per row (`--data`), its values as variables; empty means one round without.
    public var dataRows: [[Variable]] = []
    /// Requests sent at once; a request that captures ends a batch, so the ones after it see its values.
    public var jobs = 1
    /// The environment's name, kept in the history.
    public var environment: String?
    /// The environment's proxy and client certificate, under each request's own.
    public var connection = ConnectionSettings()
    /// The time limit of each request whose file sets none (`--max-time`).
    public var timeLimit = RequestTimeLimit()
    /// The files the requests may read and the proxy they may name; nil: only files inside the collection.
    public var access: FileAccessPolicy?
    /// Every request follows a redirect from https to http (`--allow-insecure-redirect`).
    public var allowsInsecureRedirect = false
    /// Every request keeps its credentials on a redirect to another origin (`--location-trusted`).
    public var keepsCredentialsOnRedirect = false
    /// Every request follows redirects, whatever its file says (`--location`).
    public var followsRedirects = false
    /// The most redirects every request follows, whatever its file says (`--max-redirs`; -1: no limit); nil: the file's.
    public var maxRedirects: Int?
    /// Headers every request sends after its own (`--header`).
    public var headers: [HTTPHeader] = []
    /// The credentials of every request whose file gives none (`--user`, `--digest`).
    public var authentication: Authentication?
    /// The pause before each request is sent (`--delay`); a retry waits its own interval instead.
    public var delay: Duration = .zero

    /// The OpenAPI document every exchange is checked against (`--openapi`, the collection's `openapi:`).
    public var contract: OpenAPIContract?
    /// A request that breaks the contract is not sent (`--contract-requests error`); by default it
    /// is sent with a warning.
    public var contractRefusesRequests = false
    /// How a run in order batches its contract checks (`ContractCheckWorker`).
    var contractBatching = ContractCheckWorker.Limits()

    /// Resolve every request as it would be sent and send none (`--dry-run`): each result holds its
    /// request with no response, and a request that needs what only sending gives (a capture, a
    /// chained value, an OAuth 2.0 token not cached) names it (`RunResult.unreachable`). The run goes
    /// on past every request that does not resolve.
    public var dryRun = false
    /// Each result keeps its whole exchange for the reports at the end (the JSON report reads them);
    /// false keeps only what the other reports read (`RunResult.keepOnlyWhatReportsRead`).
    public var keepsExchanges = true

    public init() {}
}
