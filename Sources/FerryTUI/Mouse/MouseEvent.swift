/// A mouse event at a cell of the screen (0-based column and row).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The main button went down.
        case press
        /// The pointer moved (with a button down or not: what a drag is made of).
        case motion
        /// The main button came up.
        case release
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
