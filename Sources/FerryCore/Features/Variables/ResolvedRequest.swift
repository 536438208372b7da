/// A request with its variables filled in, and the redaction that hides the secret values it now holds.
public struct ResolvedRequest: Sendable {
    public var request: Request
    public var redaction: Redaction

    public init(request: Request, redaction: Redaction) {
        self.request = request
        self.redaction = redaction
    }
}
