import FerryCore

/// Where the current request is: nothing sent yet, in flight, answered, or failed.
public enum Exchange: Hashable, Sendable {
    case idle
    /// In flight: its id, the bytes moved so far and the seconds since it started.
    case sending(id: Int, progress: TransferProgress?, elapsed: Double)
    case finished(ResponseSummary)
    /// Failed (or cancelled, or never valid), with the chain to show and the time it took.
    case failed(ErrorChain, elapsed: Double)

    /// The response when it has finished.
    public var summary: ResponseSummary? {
        if case .finished(let summary) = self { summary } else { nil }
    }

    public var isSending: Bool {
        if case .sending = self { true } else { false }
    }
}
