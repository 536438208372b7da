/// The file the editor's request belongs to (what it held when last read or written is the
/// editor's source).
public struct OpenRequest: Hashable, Sendable {
    /// The path below the collection's root.
    public var path: String
    /// Another program changed the file since the editor read it, while the editor held unsaved edits:
    /// Ctrl-S asks before writing over that version.
    public var changedOnDisk = false

    public init(path: String) {
        self.path = path
    }
}
