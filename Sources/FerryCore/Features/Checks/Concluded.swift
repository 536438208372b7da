/// What the conclude stage (`ResponseConclusion`) made of a response.
public struct Concluded: Sendable {
    /// The response with its timeline's `serialize` phase filled in.
    public var response: Response
    /// What the serializer made of the body.
    public var value: SerializedValue?
    /// Why the response was rejected (validation or serialization), if it was.
    public var error: FerryError?
    /// The results of the checks and the values captured; nil when there were none.
    public var checks: CheckReport?

    public init(response: Response, value: SerializedValue? = nil, error: FerryError? = nil, checks: CheckReport? = nil) {
        self.response = response
        self.value = value
        self.error = error
        self.checks = checks
    }

    /// The parsed body, when the serializer made a document of it.
    public var document: Document? {
        if case .document(let parsed)? = value { return parsed }
        return nil
    }

    /// Why the response did not pass its checks (or was rejected), in one line; nil when it passed.
    public var failureLine: String? {
        if let error { return ErrorChain(error).line }
        guard let checks, !checks.passed else { return nil }
        return (checks.failures.map(\.line) + checks.captureProblems).joined(separator: "; ")
    }

    /// The values captured as secret, to be redacted wherever the exchange is shown or stored.
    public var secrets: Redaction { Redaction(secretsOf: checks?.captured ?? []) }
}
