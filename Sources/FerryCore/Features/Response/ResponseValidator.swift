/// Checks a response's status code and content type, and builds the error chain the way
/// AFNetworking does: a content-type failure first, wrapped by a status-code failure.
public struct ResponseValidator: Hashable, Sendable {
    public var acceptableStatusCodes: StatusCodeSet
    /// Patterns (`application/json`, `text/*`, `*/*+json`); nil means "whatever the serializer accepts".
    public var acceptableContentTypes: [String]?

    public init(acceptableStatusCodes: StatusCodeSet = .success, acceptableContentTypes: [String]? = nil) {
        self.acceptableStatusCodes = acceptableStatusCodes
        self.acceptableContentTypes = acceptableContentTypes
    }

    /// Acceptable types taken from a request's `Accept` header (q-values and parameters ignored;
    /// `q=0` entries dropped); nil when there is no usable header.
    public static func contentTypes(fromAccept accept: String?) -> [String]? {
        guard let accept else { return nil }
        let types = accept.split(separator: ",").compactMap { element -> String? in
            guard let media = MediaType(String(element)) else { return nil }
            if let q = media.parameter("q"), Double(q) == 0 { return nil }
            return media.essence
        }
        return types.isEmpty ? nil : types
    }

    /// The result of validation: which checks failed, as one chained error.
    public struct Outcome: Sendable {
        public var error: FerryError?
        /// True when the content type was rejected: the body must not be parsed.
        public var contentTypeRejected: Bool
    }

    /// Validates `response`; `serializerTypes` are used when no explicit types were given.
    /// As Alamofire's `validate(contentType:)`, a response without a body (an empty one, 204, 304,
    /// the answer to HEAD) has no content type to check, whatever its Content-Type header says, and
    /// one that names no type is accepted only by a wildcard (`*/*`).
    public func validate(_ response: Response, serializerTypes: [String]) -> Outcome {
        let patterns = acceptableContentTypes ?? serializerTypes
        var error: FerryError?
        var contentTypeRejected = false
        let received = response.headers["Content-Type"]
        let media = received.flatMap(MediaType.init)
        let hasBody = response.body.count > 0 && response.status != 204 && response.status != 304
        let isAcceptable = media.map { type in patterns.contains { type.isMatched(by: $0) } } ?? patterns.contains("*/*")
        if !patterns.isEmpty, hasBody, !isAcceptable {
            contentTypeRejected = true
            error = .responseValidationFailed(reason: .unacceptableContentType(received: received, acceptable: patterns))
        }
        if !acceptableStatusCodes.contains(response.status) {
            error = .responseValidationFailed(
                reason: .unacceptableStatusCode(
                    code: response.status, reason: response.displayReason, acceptable: acceptableStatusCodes.description, underlying: error)
            )
        }
        return Outcome(error: error, contentTypeRejected: contentTypeRejected)
    }
}
