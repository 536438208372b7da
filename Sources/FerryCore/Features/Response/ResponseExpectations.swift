/// What a person accepts of a response and how its body is read: one type for `ferry send`'s
/// `--expect-status`/`--expect-type`/`--as`/`--remove-nulls`, a request file's `validation:` and
/// `serializer:`, and the TUI's Options tab.
///
/// One content-type rule everywhere: the types given, else those of the request's `Accept` header,
/// else the serializer's own (`*/*` for auto, data and string, which also accepts a response that
/// names no type). A serializer not named reads the body with `fallback`: the TUI parses it as a tree
/// (`auto`), `ferry send` passes it through as it came (`data`).
public struct ResponseExpectations: Hashable, Sendable {
    /// Acceptable status codes.
    public var statusCodes: StatusCodeSet = .success
    /// Acceptable content types; nil takes them from the request's `Accept` header, else the serializer's.
    public var contentTypes: [String]?
    /// The serializer named; nil leaves the choice to the front end (`fallback`).
    public var serializer: SerializerKind?
    /// Drop null members of JSON objects, recursively.
    public var removeNulls = false
    /// The request was a GraphQL one: `errors` in the response's JSON reject it. Set from the
    /// request's body by the front ends when they evaluate; never saved.
    public var readsGraphQLErrors = false

    public init(
        statusCodes: StatusCodeSet = .success, contentTypes: [String]? = nil, serializer: SerializerKind? = nil, removeNulls: Bool = false
    ) {
        self.statusCodes = statusCodes
        self.contentTypes = contentTypes
        self.serializer = serializer
        self.removeNulls = removeNulls
    }

    /// The evaluator for a request whose `Accept` header was `accept`, reading with `fallback` unless a serializer is named.
    public func evaluator(accept: String?, fallback: SerializerKind) -> ResponseEvaluator {
        let validator = ResponseValidator(
            acceptableStatusCodes: statusCodes,
            acceptableContentTypes: contentTypes ?? ResponseValidator.contentTypes(fromAccept: accept))
        return ResponseEvaluator(
            validator: validator, serializer: (serializer ?? fallback).serializer(removeNulls: removeNulls),
            readsGraphQLErrors: readsGraphQLErrors)
    }
}
