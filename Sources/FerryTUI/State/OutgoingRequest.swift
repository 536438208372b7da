import FerryCore

/// A request on its way out, with everything the runtime needs to send, evaluate and record it, so
/// running the effect never reads back into the state.
public struct OutgoingRequest: Sendable {
    public var resolved: ResolvedRequest
    public var expectations: ResponseExpectations
    /// The open request file below the collection, for the history; nil for an ad-hoc request.
    public var requestPath: String?
    /// The environment its variables came from, for the history.
    public var environment: String?
    /// The request's assertions and captures, checked when the response arrives.
    public var checks: ResponseChecks
    /// Set when the request is a GraphQL introspection: its answer is also read as the schema of
    /// this endpoint, cached, and given back with `.graphQLSchemaLoaded`.
    public var schemaEndpoint: String?
    /// Show the response as a stream of lines even when its type is not a stream's (the `t` key, as `--stream`).
    public var forcesStream = false
    /// The request as sent with its folders' defaults, when it or they have scripts: their
    /// post-response and tests scripts run on the response (`ExchangeScripts`).
    public var scripted: RequestSource?
    /// The variables the request was resolved with, which its scripts see.
    public var variables: [Variable] = []

    public init(
        resolved: ResolvedRequest, expectations: ResponseExpectations = ResponseExpectations(), checks: ResponseChecks = ResponseChecks(),
        requestPath: String? = nil, environment: String? = nil, schemaEndpoint: String? = nil
    ) {
        self.resolved = resolved
        self.expectations = expectations
        self.checks = checks
        self.requestPath = requestPath
        self.environment = environment
        self.schemaEndpoint = schemaEndpoint
    }
}
