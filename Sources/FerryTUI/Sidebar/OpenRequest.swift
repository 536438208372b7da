/// The file the editor's request belongs to, and what the file held when last read or written.
public struct OpenRequest: Hashable, Sendable {
    /// The path below the collection's root.
    public var path: String
    /// The request as the file holds it: the editor differs from it when there are unsaved edits.
    public var saved: NamedRequest

    public init(path: String, saved: NamedRequest) {
        self.path = path
        self.saved = saved
    }
}
