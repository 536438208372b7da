/// How a streamed body is cut into events.
public enum StreamFraming: String, Sendable, CaseIterable {
    /// `text/event-stream`, parsed by the WHATWG rules.
    case serverSentEvents = "sse"
    /// NDJSON / JSON Lines: one event per line.
    case jsonLines = "ndjson"
    /// Any other body read as a stream: one event per line.
    case lines

    /// The framing a response's `Content-Type` announces, or nil when it is not a stream type.
    public init?(contentType: String?) {
        guard let contentType else { return nil }
        switch MediaType(contentType)?.essence {
        case "text/event-stream": self = .serverSentEvents
        case "application/x-ndjson", "application/jsonl", "application/json-lines", "application/jsonlines", "application/ndjson":
            self = .jsonLines
        default: return nil
        }
    }
}
