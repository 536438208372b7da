import FerryCore

/// A request whose pre-request scripts (its own, its folders' or the collection's) must run before
/// it can be resolved: they may set the variables it names or change it. The runtime runs them,
/// then `outgoing(after:with:)` resolves what they left exactly as `makeRequest` resolves the
/// editor's request, and it goes out as `.send` sends.
public struct ScriptedRequest: Sendable {
    /// The editor's request as it stands, with its folders' defaults and scripts.
    public var source: RequestSource
    /// The folders' defaults under the environment's connection settings, as resolving uses them.
    public var defaults: FolderDefaults
    /// The files it may read (the collection's boundary, or anything from the working folder).
    public var access: FileAccessPolicy
    /// The variables it and its scripts start from: the environment's, chained and captured ones.
    public var variables: [Variable]
    public var expectations: ResponseExpectations
    public var requestPath: String?
    public var environment: String?
    public var forcesStream = false

    /// The request the scripts left, resolved with the variables they left, its checks rendered
    /// with them; throws as `makeRequest` does when it cannot be sent.
    public func outgoing(after description: RequestDescription, with resolver: VariableResolver) throws -> OutgoingRequest {
        let resolved = try description.resolved(with: resolver, defaults: defaults, access: access)
        var outgoing = OutgoingRequest(
            resolved: resolved, expectations: expectations,
            checks: try description.checks.rendered(with: description.ownVariables(over: resolver)), requestPath: requestPath,
            environment: environment)
        outgoing.forcesStream = forcesStream
        var scripted = source
        scripted.description = description
        outgoing.scripted = scripted
        outgoing.variables = Array(resolver.variables.values)
        return outgoing
    }
}
