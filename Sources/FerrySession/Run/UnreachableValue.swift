import FerryCore

/// A value a request needs that cannot be had without sending something first: a variable nothing
/// gives a value, a value captured from (or chained to) another request's response or set by its
/// scripts after it, an OAuth 2.0 token not yet fetched. `ferry run --dry-run` names it for each request that does not resolve.
public struct UnreachableValue: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A `{{variable}}` that no environment, `--var`, folder, request or earlier capture gives a value.
        case variable
        /// A value an earlier request of the run captures from its response.
        case capture
        /// A chained value (`from:`): taken from the response of the request file it names.
        case chain
        /// A variable an earlier request's scripts set after its response (`pm.environment.set`…).
        case script
        /// An OAuth 2.0 access token that is not cached: it would be fetched from the token endpoint.
        case oauth2Token = "oauth2-token"
    }

    public var kind: Kind
    /// The variable's name (for a token: `access token`).
    public var name: String
    /// Where the value would come from: the request file whose response gives it, or the token endpoint.
    public var source: String?
    /// Where the request uses a variable (`url`, `header Authorization`…), when known.
    public var place: String?

    public init(kind: Kind, name: String, source: String? = nil, place: String? = nil) {
        self.kind = kind
        self.name = name
        self.source = source
        self.place = place
    }

    /// The value a request could not be resolved without, read from the failure of its resolving;
    /// nil when `error` is another problem. A chained value counts only when taking it would have
    /// sent its request (`OfflineTransport` refused it), not when its request is itself broken.
    public init?(resolving error: FerryError) {
        switch error {
        case .invalidRequest(.unresolvedVariable(let name, let place)):
            self.init(kind: .variable, name: name, place: place)
        case .invalidRequest(.chainFailed(let name, let request, let underlying)) where OfflineTransport.refused(underlying):
            self.init(kind: .chain, name: name, source: request)
        default:
            return nil
        }
    }

    /// In a person's words: `{{userId}} has no value (url): …`.
    public var cause: String {
        let used = place.map { " (\($0))" } ?? ""
        switch kind {
        case .variable:
            return "{{\(name)}}\(used) has no value: no environment, --var, folder, request or earlier capture gives one"
        case .capture:
            return "{{\(name)}}\(used) is captured from the response of \(source ?? "an earlier request"), which a dry run does not send"
        case .script:
            return
                "{{\(name)}}\(used) is set by the scripts of \(source ?? "an earlier request") after its response, which a dry run does not send"
        case .chain:
            return
                "{{\(name)}}\(used) is a chained value, taken from the response of \(source ?? "its request"), which a dry run does not send"
        case .oauth2Token:
            return "its OAuth 2.0 access token is not cached: it would be fetched from \(source ?? "the token endpoint")"
        }
    }
}
