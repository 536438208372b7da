/// The status line's question for a path below the collection: where to save, or the new name of a file.
public struct PathPrompt: Hashable, Sendable {
    /// What the path is for.
    public enum Kind: Hashable, Sendable {
        /// Save the editor's request as a new file.
        case save
        /// Rename (move) this file.
        case rename(String)
        /// Copy this file.
        case duplicate(String)
    }

    public var kind: Kind
    public var field: TextField

    public init(_ kind: Kind, path: String) {
        self.kind = kind
        field = TextField(path)
    }

    /// The question before the field.
    public var label: String {
        switch kind {
        case .save: " save as (below the collection): "
        case .rename(let path): " rename \(path) to: "
        case .duplicate(let path): " copy \(path) to: "
        }
    }
}
