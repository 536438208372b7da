/// A request with its variables filled in, and the redaction that hides the secret values it now holds.
public struct ResolvedRequest: Sendable {
    public var request: Request
    public var redaction: Redaction
    /// The local files the request reads (body and part files, certificates, its Unix socket), for `--dry-run`.
    public var files: [String]
    /// Where the response's body is written (`output:`): `-` for standard output, else an absolute
    /// path the collection may write to; nil when the file names none.
    public var output: String?

    public init(request: Request, redaction: Redaction, files: [String] = []) {
        self.request = request
        self.redaction = redaction
        self.files = files
    }
}
