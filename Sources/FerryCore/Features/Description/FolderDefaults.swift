/// What a folder of a collection gives the requests below it: a base URL their relative URLs
/// resolve against, and headers sent unless a request sets the same header.
public struct FolderDefaults: Sendable, Equatable {
    public var description: String?
    public var baseURL: String?
    public var headers: [RequestDescription.HeaderEntry] = []
    /// The order `ferry run` takes this folder's entries in (file or folder names, `.ferry.yaml`
    /// optional); entries not named follow, sorted. Not inherited.
    public var order: [String] = []

    public init(baseURL: String? = nil, headers: [RequestDescription.HeaderEntry] = []) {
        self.baseURL = baseURL
        self.headers = headers
    }

    /// These defaults with a nested folder's on top: its base URL wins, its headers replace same-named ones.
    public func merged(with inner: FolderDefaults) -> FolderDefaults {
        var merged = FolderDefaults(baseURL: inner.baseURL ?? baseURL, headers: headers)
        merged.description = inner.description
        merged.order = inner.order
        let innerNames = Set(inner.headers.map { $0.name.lowercased() })
        merged.headers.removeAll { innerNames.contains($0.name.lowercased()) }
        merged.headers += inner.headers
        return merged
    }
}
