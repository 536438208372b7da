import Foundation

/// File paths in a request file: relative ones are read from the collection's folder.
public enum CollectionPath {
    /// `path` as a path on disk: kept when absolute, else taken from `root`.
    public static func absolute(_ path: String, in root: String) -> String {
        path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
    }

    /// `path` relative to `root` when it lies below it; otherwise (or without a root) as it is.
    public static func relative(_ path: String, in root: String) -> String {
        guard !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
