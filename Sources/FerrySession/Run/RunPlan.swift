import FerryCore
import FerryStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `ferry run` sends, in order: the request files under the paths given (files or folders of
/// one collection), each folder's entries in its `order:`, then sorted; `--filter` globs keep only
/// matching paths. Malformed files are problems found before anything is sent.
public struct RunPlan: Sendable {
    /// One request file of the run.
    public struct Item: Sendable {
        /// The path below the collection root (`auth/login.ferry.yaml`).
        public var path: String
        public var description: RequestDescription
        public var defaults: FolderDefaults

        /// The request's name, else its file name without `.ferry.yaml`.
        public var title: String {
            description.name ?? String(RequestCollection.split(path).name.dropLast(RequestCollection.requestSuffix.count))
        }

        /// The folder below the root (`auth`), empty at the top.
        public var folder: String { String(RequestCollection.split(path).folder) }
    }

    public var root: String
    public var items: [Item]
    /// Files under the selection that could not be read.
    public var problems: [ConfigProblem]
    /// Links to folders under the selection that were not followed (loops): said, not refused.
    public var skippedLinks: [ConfigProblem]

    /// The plan for `paths` (absolute or relative to the current folder) in the collection at `root`.
    public init(paths: [String], root: String, filters: [String] = []) throws {
        let collection = try RequestCollection(root: root)
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var selected: [String] = []
        for path in paths.isEmpty ? [rootPath] : paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard absolute == rootPath || absolute.hasPrefix(rootPath + "/") else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: path, problem: "is not inside the collection \(rootPath)"))
            }
            let relative = absolute == rootPath ? "" : String(absolute.dropFirst(rootPath.count + 1))
            let matches = collection.requests.map(\.path).filter { relative.isEmpty || $0 == relative || $0.hasPrefix(relative + "/") }
            let broken = collection.problems.contains { problem in  // a broken file, or a folder holding one: the problem is reported
                let file = URL(fileURLWithPath: problem.file).standardizedFileURL.path
                return file == absolute || file.hasPrefix(absolute + "/")
            }
            guard !matches.isEmpty || broken else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: path, problem: "holds no request file (*\(RequestCollection.requestSuffix))"))
            }
            selected += matches.filter { !selected.contains($0) }
        }
        let order = Self.ordered(selected, folders: collection.folders)
        let requests = collection.requests
        let byPath = Dictionary(requests.indices.map { (requests[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        var defaults: [String: FolderDefaults] = [:]
        self.root = rootPath
        self.items = order.filter { path in filters.isEmpty || filters.contains { Self.glob($0, matches: path) } }.compactMap { path in
            guard let index = byPath[path] else { return nil }
            let folder = requests[index].folder
            if defaults[folder] == nil { defaults[folder] = collection.defaults(forFolder: folder) }
            return Item(path: path, description: requests[index].document, defaults: defaults[folder]!)
        }
        let selectedFolders = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let isSelected = { (problem: ConfigProblem) in
            let file = URL(fileURLWithPath: problem.file).standardizedFileURL.path
            return paths.isEmpty || selectedFolders.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        self.problems = collection.problems.filter(isSelected)
        self.skippedLinks = collection.skippedLinks.filter(isSelected)
    }

    /// The plan's requests `from` to `to` (positions from 1 in run order, `to` nil: to the end), as
    /// Hurl's `--from-entry` and `--to-entry` pick a file's entries.
    public func entries(from: Int, to: Int?) -> RunPlan {
        var plan = self
        plan.items = Array(items.dropFirst(from - 1).prefix((to ?? items.count) - from + 1))
        return plan
    }

    /// Paths in run order: at each folder, the names of its `order:` first, then the rest sorted;
    /// a folder's files and subfolders interleave by name.
    static func ordered(_ paths: [String], folders: [String: FolderDefaults]) -> [String] {
        func sorted(_ paths: [String], below folder: String) -> [String] {
            var groups: [String: [String]] = [:]
            for path in paths {
                let rest = folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
                groups[String(rest.split(separator: "/", maxSplits: 1)[0]), default: []].append(path)
            }
            let named = (folders[folder]?.order ?? []).compactMap { name in
                groups.keys.first { $0 == name || $0 == name + RequestCollection.requestSuffix }
            }
            let names = named + groups.keys.filter { !named.contains($0) }.sorted()
            return names.flatMap { name -> [String] in
                let members = groups[name]!
                let child = folder.isEmpty ? name : folder + "/" + name
                return members == [child] ? members : sorted(members, below: child)
            }
        }
        return sorted(paths, below: "")
    }

    /// Shell-style matching (`*`, `?`, `[…]`) of a filter against the path or the file's name.
    static func glob(_ pattern: String, matches path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, (path as NSString).lastPathComponent, 0) == 0
            || fnmatch(pattern + RequestCollection.requestSuffix, path, 0) == 0
    }
}
