/// What a person accepts of a response and how its body is read: the TUI's Options tab.
///
/// With the `auto` serializer only validation runs (the response views parse the body themselves);
/// a serializer picked by name also reads the body, so its failures join the error chain.
public struct ResponseExpectations: Hashable, Sendable {
    /// Acceptable status codes.
    public var statusCodes: StatusCodeSet = .success
    /// Acceptable content types; nil takes them from the request's `Accept` header.
    public var contentTypes: [String]?
    public var serializer: SerializerKind = .auto

    public init(statusCodes: StatusCodeSet = .success, contentTypes: [String]? = nil, serializer: SerializerKind = .auto) {
        self.statusCodes = statusCodes
        self.contentTypes = contentTypes
        self.serializer = serializer
    }

    /// Validates (and, for a named serializer, serializes) `response` to a request whose `Accept`
    /// header was `accept`; the response comes back with its serialize time filled in.
    public func evaluate(_ response: Response, accept: String?, method: HTTPMethod) -> (response: Response, error: FerryError?) {
        let validator = ResponseValidator(acceptableStatusCodes: statusCodes,
                                          acceptableContentTypes: contentTypes ?? ResponseValidator.contentTypes(fromAccept: accept))
        guard serializer != .auto else { return (response, validator.validate(response, serializerTypes: []).error) }
        let evaluation = ResponseEvaluator(validator: validator, serializer: serializer.serializer(removeNulls: false)).evaluate(response, method: method)
        return (evaluation.response, evaluation.error)
    }
}
