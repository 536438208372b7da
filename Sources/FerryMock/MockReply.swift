/// What the mock sends back for one request: the answer, and the faults asked for.
public struct MockReply: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Wait this long (milliseconds) before answering.
    public var delay = 0
    /// Close the connection instead of answering.
    public var dropsConnection = false
    /// Send the body this slowly (a slow-body fault); nil sends it at once.
    public var bytesPerSecond: Int?

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], delay: Int = 0, dropsConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.dropsConnection = dropsConnection
    }

    /// The response a route gives, without its hop-by-hop and encoding headers (a saved body is
    /// kept decoded; its length is sent anew).
    init(_ response: MockResponse) {
        status = response.status
        headers = response.headers.filter { !Self.recomputed.contains($0.name.lowercased()) }
        if let mediaType = response.mediaType, !headers.contains(where: { $0.name.lowercased() == "content-type" }), !response.body.isEmpty
        {
            headers.insert(("Content-Type", mediaType), at: 0)
        }
        body = response.body
    }

    /// Headers the server writes itself, never copied from an example.
    static let recomputed: Set<String> = ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]
}
