/// A request with its variables filled in, and the redaction that hides the secret values it now holds.
public struct ResolvedRequest: Sendable {
    public var request: Request
    public var redaction: Redaction
    /// The local files the request reads (body and part files, certificates, its Unix socket), for `--dry-run`.
    public var files: [String]

    public init(request: Request, redaction: Redaction, files: [String] = []) {
        self.request = request
        self.redaction = redaction
        self.files = files
    }
}
