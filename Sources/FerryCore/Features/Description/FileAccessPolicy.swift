import Foundation

/// Which local files a request may read, and whether it may name a proxy. A request file, its folder
/// defaults, its environment and its chained values are someone else's input (collections are shared):
/// they read files only inside the collection's folder, symlinks resolved, unless the user allows a
/// path (`--allow-outside`, `trust:` in config.yaml) — a collection inside an allowed path is trusted
/// whole. What the user types on the command line is their own: `unbounded` refuses nothing.
public struct FileAccessPolicy: Sendable, Hashable {
    /// The folder relative paths are taken from.
    public var directory: String
    /// The collection's folder; nil when every path may be read (the user's own command line).
    public var collection: String?
    /// Paths the user allows outside the collection: a file, or a folder and everything below it.
    public var allowed: [String]
    /// The user allows the proxy the collection names (`--allow-proxy`, or `-x` of their own).
    public var allowsProxy: Bool
    /// The request file refusals name (nil: the collection).
    public var source: String?

    /// Every path may be read, relative ones from `directory`: the user's own command line, or an
    /// export that writes paths into a command and reads no file.
    public static func unbounded(directory: String) -> FileAccessPolicy {
        FileAccessPolicy(directory: directory, collection: nil, allowed: [], allowsProxy: true, source: nil)
    }

    /// The boundary of the collection at `collection`, with what the user allows beyond it.
    public init(collection: String, allowing allowed: [String] = [], allowsProxy: Bool = false, source: String? = nil) {
        self.init(directory: collection, collection: collection, allowed: allowed, allowsProxy: allowsProxy, source: source)
    }

    private init(directory: String, collection: String?, allowed: [String], allowsProxy: Bool, source: String?) {
        self.directory = directory
        self.collection = collection
        self.allowed = allowed
        self.allowsProxy = allowsProxy
        self.source = source
    }

    /// The same policy, its refusals naming `file`.
    public func naming(_ file: String) -> FileAccessPolicy {
        var named = self
        named.source = file
        return named
    }

    /// True when the collection lies inside a path the user allows: it may read any file and name a proxy.
    public var isTrusted: Bool {
        guard let collection else { return true }
        let root = Self.realPath(collection)
        return allowed.contains { Self.contains(Self.realPath($0), root) }
    }

    /// `path` made absolute from `directory`, once it is known to be readable; else an error naming the
    /// file, the `field` and the path.
    public func readablePath(_ path: String, field: String) throws -> String {
        try permittedPath(path, field: field, verb: "reads")
    }

    /// `path` made absolute from `directory`, once it is known to lie where a collection may write (a
    /// request file's `output:`): the same boundary as reads.
    public func writablePath(_ path: String, field: String) throws -> String {
        try permittedPath(path, field: field, verb: "writes")
    }

    private func permittedPath(_ path: String, field: String, verb: String) throws -> String {
        let absolute = CollectionPath.absolute(path, in: directory)
        guard let collection, !isTrusted else { return absolute }
        let real = Self.realPath(absolute)
        if Self.contains(Self.realPath(collection), real) || allowed.contains(where: { Self.contains(Self.realPath($0), real) }) {
            return absolute
        }
        let shown = real == absolute ? path : "\(path) (\(real))"
        throw refusal(
            "\(field) \(shown) is outside the collection \(collection): Ferry \(verb) no file outside a collection "
                + "unless you allow it (--allow-outside \(real))")
    }

    /// Of `paths` (absolute, as `ResolvedRequest.files` gives them), the real paths this policy refuses:
    /// outside the collection and not allowed. Empty when the collection is trusted, or without one.
    public func outside(_ paths: [String]) -> [String] {
        guard let collection, !isTrusted else { return [] }
        let root = Self.realPath(collection)
        return paths.map(Self.realPath).filter { real in
            !Self.contains(root, real) && !allowed.contains { Self.contains(Self.realPath($0), real) }
        }
    }

    /// Throws unless the user allows the proxy the request names in `field`.
    public func checkProxy(_ proxy: String, field: String) throws {
        guard !allowsProxy, collection != nil, !isTrusted else { return }
        throw refusal(
            "\(field) \(proxy) would send the request through a proxy the collection names: "
                + "Ferry uses no proxy from a collection unless you allow it (--allow-proxy)")
    }

    private func refusal(_ problem: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: source ?? collection ?? directory, problem: problem))
    }

    /// True when `path` is `folder` or below it, compared component by component.
    static func contains(_ folder: String, _ path: String) -> Bool {
        let outer = (folder as NSString).pathComponents.filter { $0 != "/" }
        let inner = (path as NSString).pathComponents.filter { $0 != "/" }
        return inner.starts(with: outer)
    }

    /// `path` absolute, `~` expanded, with `.`, `..` and symlinks resolved as far as it exists.
    static func realPath(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = CollectionPath.absolute(expanded, in: FileManager.default.currentDirectoryPath)
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = (absolute as NSString).deletingLastPathComponent
        let name = (absolute as NSString).lastPathComponent
        guard parent != absolute, !parent.isEmpty else { return absolute }
        let resolvedParent = realPath(parent)
        switch name {
        case ".": return resolvedParent
        case "..": return (resolvedParent as NSString).deletingLastPathComponent
        default: return (resolvedParent as NSString).appendingPathComponent(name)
        }
    }
}
