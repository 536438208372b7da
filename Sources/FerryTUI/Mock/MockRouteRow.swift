/// One route of the TUI's mock server: the replies it can give, how often it answered and its last request.
public struct MockRouteRow: Hashable, Sendable {
    /// One reply a route can give: an example by name, or the body generated from its schema.
    public struct Reply: Hashable, Sendable {
        public var status: Int
        /// The example's name; empty for the generated body.
        public var name: String

        public init(status: Int, name: String) {
            self.status = status
            self.name = name
        }

        /// `200 rex`, `200 generated`.
        public var label: String { "\(status) \(name.isEmpty ? "generated" : name)" }

        /// True when a hit's answer (`example rex`, `generated`) is this reply.
        func gave(_ answer: String?) -> Bool {
            name.isEmpty ? answer == "generated" : answer == "example \(name)"
        }
    }

    /// `GET /pets/{id}`.
    public var name: String
    /// Where it comes from: `pets/get.ferry.yaml`, `openapi.yaml#/paths/~1pets/get`.
    public var source: String
    public var replies: [Reply]
    public var hits = 0
    public var last: MockHitRow?

    public init(name: String, source: String, replies: [Reply] = []) {
        self.name = name
        self.source = source
        self.replies = replies
    }
}
