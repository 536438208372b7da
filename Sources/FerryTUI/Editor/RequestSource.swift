import FerryCore

/// A request description and where it came from: what the editor loads (a collection file, a demo
/// example, a history entry) and what it compares its edits with.
public struct RequestSource: Equatable, Sendable {
    public var title: String
    public var description: RequestDescription
    /// What the request's folders give it: a base URL for a relative URL, headers it does not set.
    public var defaults: FolderDefaults
    /// The collection folder (or working folder) relative file paths are read from.
    public var root: String

    public init(title: String, description: RequestDescription, defaults: FolderDefaults = FolderDefaults(), root: String) {
        self.title = title
        self.description = description
        self.defaults = defaults
        self.root = root
    }
}
