import FerryCore

/// What `ferry load` runs: the requests, how many at once, when to stop and, in the open model,
/// the rate requests are meant to start at.
public struct LoadPlan: Sendable {
    /// The requests, each chosen in proportion to its weight.
    public var targets: [LoadTarget]
    /// Transfers in flight at most (HTTP/1.1 connections; HTTP/2 streams).
    public var connections: Int
    /// Threads sending, each with its share of the connections (at most one per connection).
    public var threads: Int
    /// Stop after this many requests were sent; nil to run for `duration`.
    public var requests: Int?
    /// Stop starting requests after this many seconds; nil to run for `requests`.
    public var duration: Double?
    /// Requests per second for the open model (each one's latency counts from when it was due);
    /// nil for the closed model (each connection sends its next request when the last one is answered).
    public var rate: Double?
    /// One response in this many (the first one always) is kept, up to `sampleBodyLimit` bytes,
    /// and handed to its target's `check`.
    public var sampleEvery: Int
    public var sampleBodyLimit: Int
    /// The client that sends the load; nil to choose by the requests (`LoadEngine.choose`).
    public var engine: LoadEngine?

    public init(
        targets: [LoadTarget], connections: Int, threads: Int = 1, requests: Int? = nil, duration: Double? = nil, rate: Double? = nil,
        sampleEvery: Int = 100, sampleBodyLimit: Int = 1 << 20, engine: LoadEngine? = nil
    ) {
        self.targets = targets
        self.connections = connections
        self.threads = threads
        self.requests = requests
        self.duration = duration
        self.rate = rate
        self.sampleEvery = sampleEvery
        self.sampleBodyLimit = sampleBodyLimit
        self.engine = engine
    }
}

/// One request of a load, with its share of the traffic and what a sampled response must satisfy.
public struct LoadTarget: Sendable {
    public var name: String
    public var request: Request
    public var weight: Int
    /// Checks a sampled response; returns why it failed, or nil.
    public var check: (@Sendable (Response) -> String?)?

    public init(name: String, request: Request, weight: Int = 1, check: (@Sendable (Response) -> String?)? = nil) {
        self.name = name
        self.request = request
        self.weight = weight
        self.check = check
    }
}
