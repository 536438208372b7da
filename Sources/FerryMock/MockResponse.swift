/// One answer a route can give: a saved example, an OpenAPI example, or a body generated from a schema.
public struct MockResponse: Sendable {
    /// The example's name (`Prefer: example=NAME` asks for it); empty for a generated body.
    public var name: String
    public var status: Int
    /// Sent in this order; Content-Length is always the body's.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The media type the body is of (an OpenAPI response's content key), for `Accept`.
    public var mediaType: String?
    /// Made from the schema rather than written by someone (`Prefer: dynamic=true` asks for it).
    public var isGenerated: Bool
    /// The request a real server gave this answer to (`--from-history`), matched by query and body.
    public var recorded: RecordedRequest?

    /// A request as the history recorded it.
    public struct RecordedRequest: Sendable {
        public var query: [(name: String, value: String)]
        public var body: [UInt8]

        public init(query: [(name: String, value: String)], body: [UInt8]) {
            self.query = query
            self.body = body
        }

        /// True when `request` has the same query items (in any order) and the same body.
        func matches(_ request: MockRequest) -> Bool {
            guard body == request.body, query.count == request.query.count else { return false }
            let sorted = { (items: [(name: String, value: String)]) in items.map { $0.name + "=" + $0.value }.sorted() }
            return sorted(query) == sorted(request.query)
        }
    }

    public init(
        name: String, status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], mediaType: String? = nil,
        isGenerated: Bool = false, recorded: RecordedRequest? = nil
    ) {
        self.name = name
        self.status = status
        self.headers = headers
        self.body = body
        self.mediaType = mediaType
        self.isGenerated = isGenerated
        self.recorded = recorded
    }
}
