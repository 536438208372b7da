/// The one-line prompt of the Tree, Hex and Events tabs: a search, a path, an offset or a WebSocket message being typed.
public struct ViewPrompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `/` in Tree: keys and values containing the text.
        case treeSearch
        /// `:` in Tree: a `NodePath` such as `$.records[3].tags[0]` or `/root/item[2]/@id`.
        case treePath
        /// `/` in Hex: text, or hex bytes (`de ad be ef`, `0xdeadbeef`).
        case hexSearch
        /// `:` in Hex: an offset, decimal or `0x…`.
        case hexOffset
        /// `i` in Events: a message for the open WebSocket.
        case message

        /// What the prompt line starts with.
        public var label: String {
            switch self {
            case .treeSearch, .hexSearch: "/"
            case .treePath: "path: "
            case .hexOffset: "offset: "
            case .message: "↑ "
            }
        }

        public var isSearch: Bool { self == .treeSearch || self == .hexSearch }
    }

    public var kind: Kind
    public var field = TextField()

    public init(kind: Kind) { self.kind = kind }
}
