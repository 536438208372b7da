import FerryCore

/// What a `ViewSearch` found.
public struct SearchResult: Hashable, Sendable {
    /// Tree matches are nodes, Hex matches byte offsets.
    public enum Matches: Hashable, Sendable {
        case nodes([NodeID])
        case offsets([Int64])

        public var count: Int {
            switch self {
            case .nodes(let nodes): nodes.count
            case .offsets(let offsets): offsets.count
            }
        }
    }

    public var id: Int
    public var matches: Matches
    /// True when there were more than `ViewSearch.matchLimit` matches.
    public var capped: Bool

    public init(id: Int, matches: Matches, capped: Bool) {
        self.id = id
        self.matches = matches
        self.capped = capped
    }
}
