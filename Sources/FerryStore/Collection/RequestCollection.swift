import FerryCore
import Foundation

/// A collection on disk: a folder tree of `<name>.ferry.yaml` requests, `_folder.ferry.yaml`
/// defaults and `environments/`. Files that fail to parse are listed with their located problem
/// (and are never overwritten unless forced); temporary files left by a killed save are removed.
public struct RequestCollection: Sendable {
    public static let requestSuffix = ".ferry.yaml"

    /// One request file and what it holds.
    public struct Entry: Sendable {
        /// The path below the root, e.g. `users/create.ferry.yaml`.
        public var path: String
        public var document: RequestDescription
        public var fingerprint: FileFingerprint?

        /// The folder below the root (`users`), empty at the top.
        public var folder: String { String(RequestCollection.split(path).folder) }
        /// The document's name, or the file's name without `.ferry.yaml`.
        public var title: String {
            document.name ?? String(RequestCollection.split(path).name.dropLast(RequestCollection.requestSuffix.count))
        }
    }

    public let root: String
    /// The requests, sorted by path.
    public private(set) var requests: [Entry] = []
    /// Folder defaults by folder below the root (`""` for the root itself).
    public private(set) var folders: [String: FolderDefaults] = [:]
    /// Files that could not be read, sorted by file.
    public private(set) var problems: [ConfigProblem] = []
    /// Links to folders not followed: loops, and second ways into a folder (`FolderWalk`), sorted by file.
    public private(set) var skippedLinks: [ConfigProblem] = []
    /// The request files found (paths below the root, sorted), read or not.
    public private(set) var requestFiles: [String] = []

    /// Loads the tree under `root`, each real folder once. Hidden files and folders are skipped.
    /// With `readsRequests` false, only the folders' defaults are read: the request files are
    /// listed in `requestFiles` for the caller to read (`ferry run` reads them as it goes).
    public init(root: String, readsRequests: Bool = true) throws {
        self.root = root
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FerryError.localFile(reason: .unreadable(path: root, error: POSIXError(.ENOTDIR)))
        }
        var requestPaths: [String] = []
        let walk = FolderWalk(root: root)
        skippedLinks = walk.skippedLinks.sorted { $0.file < $1.file }
        for path in walk.files {
            let (folder, name) = Self.split(path)
            if name == FolderDefaults.fileName {
                do {
                    folders[String(folder)] = try FolderDefaults(contentsOf: absolute(path))
                } catch {
                    problems.append(error)
                }
            } else if Self.isRequestFile(name) {
                requestPaths.append(path)
            }
        }
        requestFiles = requestPaths.sorted()
        for result in readsRequests ? Self.parse(requestFiles, root: root) : [] {
            switch result {
            case .success(let entry): requests.append(entry)
            case .failure(let problem): problems.append(problem)
            }
        }
        problems.sort { $0.file < $1.file }
    }

    /// The absolute path of a path below the root.
    public func absolute(_ path: String) -> String { (root as NSString).appendingPathComponent(path) }

    /// The defaults a request in `folder` inherits: every `_folder.ferry.yaml` from the root down.
    public func defaults(forFolder folder: String) -> FolderDefaults {
        Self.ancestors(of: folder).reduce(FolderDefaults()) { merged, folder in folders[folder].map(merged.merged) ?? merged }
    }

    /// Entries whose file changed on disk since they were loaded (edited, replaced or deleted).
    public func changedEntries() -> [Entry] {
        requests.filter { FileFingerprint(path: absolute($0.path)) != $0.fingerprint }
    }

    /// `("a/b", "c.ferry.yaml")` for `a/b/c.ferry.yaml`, `("", "c.ferry.yaml")` at the top: split at
    /// the last `/` without Foundation's path bridging (done for every file of a collection).
    public static func split(_ path: String) -> (folder: Substring, name: Substring) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path[...]) }
        return (path[..<slash], path[path.utf8.index(after: slash)...])
    }

    /// Whether a file's name ends with `.ferry.yaml`, compared as bytes (as the file system does):
    /// `Substring.hasSuffix` compares `Character`s, a sixth of listing a thousand files.
    static func isRequestFile(_ name: Substring) -> Bool {
        let suffix = requestSuffix.utf8
        return name.utf8.count >= suffix.count && name.utf8.suffix(suffix.count).elementsEqual(suffix)
    }

    /// `""`, `a`, `a/b` for `a/b`.
    static func ancestors(of folder: String) -> [String] {
        var result = [""]
        var path = ""
        for component in folder.split(separator: "/") {
            path = path.isEmpty ? String(component) : path + "/" + component
            result.append(path)
        }
        return result
    }

    /// The request files below `root` (relative paths, sorted) without reading them, for completion.
    public static func requestPaths(under root: String) -> [String] {
        FolderWalk(root: root).files.filter { $0.hasSuffix(requestSuffix) && split($0).name != FolderDefaults.fileName }.sorted()
    }

    /// Parses the files on every core, each with its fingerprint; results in the order of `paths`.
    private static func parse(_ paths: [String], root: String) -> [Result<Entry, ConfigProblem>] {
        let results = ResultBox(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index], file = (root as NSString).appendingPathComponent(path)
            results.set(
                index,
                Result { () throws(ConfigProblem) in
                    Entry(
                        path: path, document: try RequestDescription(contentsOf: file, collection: root),
                        fingerprint: FileFingerprint(path: file))
                })
        }
        return results.values
    }
}

/// Results filled in by parallel workers.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<RequestCollection.Entry, ConfigProblem>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<RequestCollection.Entry, ConfigProblem>) { lock.withLock { storage[index] = value } }

    var values: [Result<RequestCollection.Entry, ConfigProblem>] { lock.withLock { storage.compactMap { $0 } } }
}
