import FerryCore
import Foundation

/// A request's scripts on their way through its exchange: what its pre-request scripts left, and
/// what its post-response and tests scripts need. `ExchangePipeline.conclude` runs those once the
/// response is concluded and before the exchange is recorded, so their tests are in the history.
/// A reference: it is handed through several async calls a request, and a copy of the request and
/// its variables was dozens of retains each time.
public final class PendingScripts: Sendable {
    public let scripts: ExchangeScripts
    /// The request as the pre-request scripts left it.
    public let description: RequestDescription
    /// The variables it was resolved with.
    public let resolver: VariableResolver
    public let context: ExchangeScripts.Context
    /// What the pre-request scripts left.
    public let before: ExchangeScripts.Report

    public init(
        scripts: ExchangeScripts, description: RequestDescription, resolver: VariableResolver, context: ExchangeScripts.Context,
        before: ExchangeScripts.Report = ExchangeScripts.Report()
    ) {
        self.scripts = scripts
        self.description = description
        self.resolver = resolver
        self.context = context
        self.before = before
    }

    /// The pre-request scripts' report followed by that of the scripts after `response` (none without one).
    public func report(after response: Response?) async -> ExchangeScripts.Report {
        guard let response, !scripts.after.isEmpty else { return before }
        var resolver = resolver
        resolver.add(before.variables)
        return before.followed(by: await scripts.runAfter(request: description, response: response, resolver: resolver, context: context))
    }
}
