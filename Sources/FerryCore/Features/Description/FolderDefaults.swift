/// What a folder of a collection gives the requests below it: a base URL their relative URLs
/// resolve against, and headers sent unless a request sets the same header.
public struct FolderDefaults: Sendable, Equatable {
    public var description: String?
    public var baseURL: String?
    public var headers: [RequestDescription.HeaderEntry] = []
    /// The proxy and client certificate of the folders' `options:` over the environment's
    /// (`$options:`), under the request's own.
    public var connection = ConnectionSettings()
    /// The order `ferry run` takes this folder's entries in (file or folder names, `.ferry.yaml`
    /// optional); entries not named follow, sorted. Not inherited.
    public var order: [String] = []
    /// The `scripts:` of the folders from the collection's root down, outermost first (the root's
    /// before-scripts run first and its after-scripts last).
    public var scripts: [RequestScripts] = []
    /// Seconds each script below may run (`scriptTimeLimit:`; nil: 5); the innermost folder's wins.
    public var scriptTimeLimit: Double?
    /// The collection's OpenAPI document, which every exchange of the collection is checked
    /// against (`openapi:`, read from the root folder's file; a path inside the collection). Not inherited.
    public var openapi: String?

    public init(baseURL: String? = nil, headers: [RequestDescription.HeaderEntry] = []) {
        self.baseURL = baseURL
        self.headers = headers
    }

    /// These defaults with a nested folder's on top: its base URL wins, its headers replace same-named ones.
    public func merged(with inner: FolderDefaults) -> FolderDefaults {
        var merged = FolderDefaults(baseURL: inner.baseURL ?? baseURL, headers: headers)
        merged.description = inner.description
        merged.connection = connection.overlaid(by: inner.connection)
        merged.order = inner.order
        merged.scripts = scripts + inner.scripts
        merged.scriptTimeLimit = inner.scriptTimeLimit ?? scriptTimeLimit
        let innerNames = Set(inner.headers.map { $0.name.lowercased() })
        merged.headers.removeAll { innerNames.contains($0.name.lowercased()) }
        merged.headers += inner.headers
        return merged
    }

    /// These defaults under an environment's connection settings (which the folder's then win over).
    public func under(environment settings: ConnectionSettings) -> FolderDefaults {
        var defaults = self
        defaults.connection = settings.overlaid(by: connection)
        return defaults
    }
}
