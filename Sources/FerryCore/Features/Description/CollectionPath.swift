import Foundation

/// File paths in a request file: relative ones are read from the collection's folder.
public enum CollectionPath {
    /// `path` as a path on disk: kept when absolute, else taken from `root`.
    public static func absolute(_ path: String, in root: String) -> String {
        path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
    }

    /// True when `path` is absolute or climbs out of its folder with `..`: a collection may read it
    /// only when the user allows it (`FileAccessPolicy`).
    public static func leavesFolder(_ path: String) -> Bool {
        guard !path.hasPrefix("/") else { return true }
        var depth = 0
        for component in path.split(separator: "/") where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 { return true }
        }
        return false
    }

    /// `path` relative to `root` when it lies below it; otherwise (or without a root) as it is.
    public static func relative(_ path: String, in root: String) -> String {
        guard !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
