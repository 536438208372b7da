/// One route of the TUI's mock server, with how often it answered and its last request.
public struct MockRouteRow: Hashable, Sendable {
    /// `GET /pets/{id}`.
    public var name: String
    /// Where it comes from: `pets/get.ferry.yaml`, `openapi.yaml#/paths/~1pets/get`.
    public var source: String
    public var hits = 0
    public var last: MockHitRow?

    public init(name: String, source: String) {
        self.name = name
        self.source = source
    }
}
