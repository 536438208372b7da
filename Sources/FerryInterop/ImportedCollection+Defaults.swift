import FerryCore

extension ImportedCollection {
    /// The defaults a request in `folder` inherits: those of every folder from the top down, the
    /// innermost winning (as a collection on disk applies its `_folder.ferry.yaml` files).
    public func defaults(forFolder folder: String) -> FolderDefaults {
        var merged = folders[""] ?? FolderDefaults()
        var path = ""
        for name in folder.split(separator: "/") {
            path += (path.isEmpty ? "" : "/") + name
            if let inner = folders[path] { merged = merged.merged(with: inner) }
        }
        return merged
    }

    /// Makes `ferry run` take the top folder's requests in the order they were added (a file's
    /// order, where a tool runs its requests top to bottom), not sorted by file name: the root
    /// folder's `order:` lists them.
    mutating func keepRequestOrder() {
        guard requests.count > 1 else { return }
        var defaults = folders[""] ?? FolderDefaults()
        defaults.order = requests.map(\.path)
        folders[""] = defaults
    }
}
