/// The file the editor's request belongs to (what it held when last read or written is the
/// editor's source).
public struct OpenRequest: Hashable, Sendable {
    /// The path below the collection's root.
    public var path: String

    public init(path: String) {
        self.path = path
    }
}
