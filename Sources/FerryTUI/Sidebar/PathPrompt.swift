/// The status line's question for a path: where to save, the new name of a file, a file to import.
public struct PathPrompt: Hashable, Sendable {
    /// What the path is for.
    public enum Kind: Hashable, Sendable {
        /// Save the editor's request as a new file.
        case save
        /// Rename (move) this file.
        case rename(String)
        /// Copy this file.
        case duplicate(String)
        /// Import a curl, Postman, HAR, OpenAPI, .http, Hurl or Insomnia file, or a Bruno or Posting collection, into the collection.
        case importFile
        /// Write this response body to a new file (below the working folder).
        case saveResponse(BodyBytes)
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
        case .importFile: " import (a file or collection folder of another tool): "
        case .saveResponse: " save the response body as: "
        }
    }
}
