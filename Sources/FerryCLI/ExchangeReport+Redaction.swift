import FerryCore

extension ExchangeReport.RequestPart {
    /// The part with secret values replaced by their placeholders in the URL, request line and headers.
    func redacted(by redaction: Redaction) -> Self {
        guard !redaction.isEmpty else { return self }
        var part = self
        part.url = redaction.redact(url)
        part.requestLine = requestLine.map(redaction.redact)
        part.headers = headers.map { ExchangeReport.Field(name: $0.name, value: redaction.redact($0.value)) }
        return part
    }
}
