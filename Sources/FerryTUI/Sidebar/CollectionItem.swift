import FerryCore

/// One file of the collection tree as the sidebar shows it: a request the editor can load, or a
/// broken file with its located problem (`file:line:column: …`).
public struct CollectionItem: Equatable, Sendable {
    /// The path below the collection's root, e.g. `echo/json-body.ferry.yaml`.
    public var path: String
    /// The request as the file describes it, variables left as `{{name}}`; nil for a broken file.
    public var request: RequestSource?
    /// Why the file could not be read; nil for a request.
    public var problem: String?

    public init(path: String, request: RequestSource) {
        self.path = path
        self.request = request
    }

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// The folder below the root (`echo`), empty at the top.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The request's title, or the file's name for a broken file.
    public var title: String {
        request?.title ?? String(path.split(separator: "/").last ?? Substring(path))
    }
}
