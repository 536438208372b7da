/// An API key: a value sent under a name in a header (`X-API-Key: …`) or in the query (`?api_key=…`).
public struct APIKey: Sendable, Hashable {
    /// Where the key goes.
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        case header, query
    }

    public var name: String
    public var value: String
    public var placement: Placement

    public init(name: String, value: String, placement: Placement = .header) {
        self.name = name
        self.value = value
        self.placement = placement
    }
}
