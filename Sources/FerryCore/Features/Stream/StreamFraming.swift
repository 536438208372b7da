/// How a streamed body is cut into events.
public enum StreamFraming: String, Sendable, CaseIterable {
    /// `text/event-stream`, parsed by the WHATWG rules.
    case serverSentEvents = "sse"
    /// NDJSON / JSON Lines: one event per line.
    case jsonLines = "ndjson"
    /// Any other body read as a stream: one event per line.
    case lines
    /// A gRPC call's answer: its messages, which the gRPC transport decodes, each as a line of JSON
    /// (`ResponseStreamObserver.messageStreamStarted`); never taken from a `Content-Type`.
    case grpc

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

    /// The framing of a response head: its `Content-Type`'s, or lines when the user asked for a stream
    /// (`forced`); nil for a redirect that will be followed, whose body is not the answer.
    public init?(status: Int, headers: HTTPHeaders, forced: Bool) {
        guard !((300..<400).contains(status) && headers["Location"] != nil) else { return nil }
        guard let framing = StreamFraming(contentType: headers["Content-Type"]) ?? (forced ? .lines : nil) else { return nil }
        self = framing
    }
}
