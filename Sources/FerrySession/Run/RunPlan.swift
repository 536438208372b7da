import FerryCore
import FerryStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `ferry run` sends, in order: the request files under the paths given (files or folders of
/// one collection), each folder's entries in its `order:`, then sorted; `--filter` globs keep only
/// matching paths. The order comes from the paths alone, so the files are read in it while the run
/// goes (`RunPlanReader`); a malformed file is a problem reported at its place, and not sent.
public struct RunPlan: Sendable {
    /// One request file of the run. Its fields live in one copy-on-write box: an item goes with its
    /// request through every stage (read, prepared, sent, concluded, reported, kept in its result),
    /// and each copy of its request description was dozens of retains on the curl thread, now one.
    /// What the run asks of it for each request — its title, its scripts made into functions — is
    /// made with it, on the plan's reader thread, and again only when what it comes from changes.
    public struct Item: Sendable {
        private var storage: Storage

        /// The path below the collection root (`auth/login.ferry.yaml`).
        public var path: String {
            get { storage.path }
            _modify {
                makeUnique()
                yield &storage.path
                storage.title = Self.title(storage.description, path: storage.path)
            }
        }
        public var description: RequestDescription {
            _read { yield storage.description }
            _modify {
                makeUnique()
                let (name, scripts) = (storage.description.name, storage.description.scripts)
                yield &storage.description
                if storage.description.name != name { storage.title = Self.title(storage.description, path: storage.path) }
                if storage.description.scripts != scripts {
                    storage.scripts = ExchangeScripts(request: storage.description, defaults: storage.defaults)
                }
            }
        }
        public var defaults: FolderDefaults {
            _read { yield storage.defaults }
            _modify {
                makeUnique()
                yield &storage.defaults
                storage.scripts = ExchangeScripts(request: storage.description, defaults: storage.defaults)
            }
        }

        public init(path: String, description: RequestDescription, defaults: FolderDefaults) {
            storage = Storage(
                path: path, description: description, defaults: defaults, title: Self.title(description, path: path),
                scripts: ExchangeScripts(request: description, defaults: defaults))
        }

        /// The request's name, else its file name without `.ferry.yaml`.
        public var title: String { storage.title }

        private static func title(_ description: RequestDescription, path: String) -> String {
            description.name ?? String(RequestCollection.split(path).name.dropLast(RequestCollection.requestSuffix.count))
        }

        /// The scripts of the request and its folders.
        public var scripts: ExchangeScripts { storage.scripts }

        /// True when its scripts after the response name a way to change what the requests after it
        /// use or where the run goes (`CollectionRunner.scriptsCanChangeWhatFollows`).
        var scriptsAfterNameAChange: Bool { storage.scriptsAfterNameAChange }

        /// The folder below the root (`auth`), empty at the top.
        public var folder: String { String(RequestCollection.split(path).folder) }

        /// Gives this item a box of its own before one of its fields changes.
        private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        }

        /// The fields. Changed only through an item that holds the only reference (`makeUnique`), so
        /// sharing it between threads is safe; no access to a field overlaps another, so none is checked.
        private final class Storage: @unchecked Sendable {
            @exclusivity(unchecked) var path: String
            @exclusivity(unchecked) var description: RequestDescription
            @exclusivity(unchecked) var defaults: FolderDefaults
            @exclusivity(unchecked) var title: String
            @exclusivity(unchecked) var scripts: ExchangeScripts {
                didSet { scriptsAfterNameAChange = Self.nameAChange(scripts) }
            }
            @exclusivity(unchecked) private(set) var scriptsAfterNameAChange: Bool

            init(path: String, description: RequestDescription, defaults: FolderDefaults, title: String, scripts: ExchangeScripts) {
                (self.path, self.description, self.defaults, self.title, self.scripts) = (path, description, defaults, title, scripts)
                scriptsAfterNameAChange = Self.nameAChange(scripts)
            }

            private init(copying other: Storage) {
                (path, description, defaults, title) = (other.path, other.description, other.defaults, other.title)
                (scripts, scriptsAfterNameAChange) = (other.scripts, other.scriptsAfterNameAChange)
            }

            func copy() -> Storage { Storage(copying: self) }

            private static func nameAChange(_ scripts: ExchangeScripts) -> Bool {
                scripts.after.contains { $0.source.mentions(CollectionRunner.changingWords) }
            }
        }
    }

    public var root: String
    /// Links to folders under the selection that were not followed (loops): said, not refused.
    public var skippedLinks: [ConfigProblem]
    /// Where a file that cannot be read is reported, when the run reaches its place (`item(at:)`)
    /// or at the end (`reportProblems()`).
    public var onProblem: @Sendable (ConfigProblem) -> Void = { _ in }
    /// The request files, read in run order while the run goes.
    private let reader: RunPlanReader
    /// The window `entries(from:to:)` keeps: the first request's position from 0, and the end (nil: the last).
    private var first = 0
    private var end: Int?

    /// The plan for `paths` (absolute or relative to the current folder) in the collection at `root`.
    /// Its request files are read in run order on a thread of their own from here on.
    public init(paths: [String], root: String, filters: [String] = []) throws {
        let collection = try RequestCollection(root: root, readsRequests: false)
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var selected: [String] = []
        for path in paths.isEmpty ? [rootPath] : paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard absolute == rootPath || absolute.hasPrefix(rootPath + "/") else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: path, problem: "is not inside the collection \(rootPath)"))
            }
            let relative = absolute == rootPath ? "" : String(absolute.dropFirst(rootPath.count + 1))
            let matches = collection.requestFiles.filter { relative.isEmpty || $0 == relative || $0.hasPrefix(relative + "/") }
            let broken = collection.problems.contains { problem in  // a folder holding a broken defaults file: the problem is reported
                let file = URL(fileURLWithPath: problem.file).standardizedFileURL.path
                return file == absolute || file.hasPrefix(absolute + "/")
            }
            guard !matches.isEmpty || broken else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: path, problem: "holds no request file (*\(RequestCollection.requestSuffix))"))
            }
            selected += matches.filter { !selected.contains($0) }
        }
        var defaults: [Substring: FolderDefaults] = [:]
        let files = Self.ordered(selected, folders: collection.folders).map { path in
            let folder = RequestCollection.split(path).folder
            if defaults[folder] == nil { defaults[folder] = collection.defaults(forFolder: String(folder)) }
            return RunPlanReader.File(
                path: path, defaults: defaults[folder]!, kept: filters.isEmpty || filters.contains { Self.glob($0, matches: path) })
        }
        let selectedFolders = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let isSelected = { (problem: ConfigProblem) in
            let file = URL(fileURLWithPath: problem.file).standardizedFileURL.path
            return paths.isEmpty || selectedFolders.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        self.root = rootPath
        self.skippedLinks = collection.skippedLinks.filter(isSelected)
        self.reader = RunPlanReader(files: files, root: collection.root, problems: collection.problems.filter(isSelected))
    }

    /// The plan's request at `index` (from 0, in run order) once its file is read, nil past the
    /// last; the files before it that cannot be read are reported first (`onProblem`).
    public func item(at index: Int) -> Item? {
        guard end.map({ first + index < $0 }) ?? true else { return nil }
        return reader.item(at: first + index, reporting: onProblem)
    }

    /// Every request of the plan, once every file is read.
    public var items: [Item] {
        let all = reader.allItems
        return Array(all[min(first, all.count)..<min(end ?? all.count, all.count)])
    }

    /// How many request files the plan runs, known before they are read: those that turn out not to
    /// be readable are counted (a progress line's total).
    public var fileCount: Int { max(0, min(end ?? reader.fileCount, reader.fileCount) - first) }

    /// Files under the selection that could not be read, sorted by file, once every file is read.
    public var problems: [ConfigProblem] { reader.allProblems.sorted { $0.file < $1.file } }

    /// Reports the files that cannot be read and were not reported yet (`onProblem`), once every file is read.
    public func reportProblems() { reader.reportRemainingProblems(to: onProblem) }

    /// The plan's requests `from` to `to` (positions from 1 in run order, `to` nil: to the end), as
    /// Hurl's `--from-entry` and `--to-entry` pick a file's entries.
    public func entries(from: Int, to: Int?) -> RunPlan {
        var plan = self
        plan.first = first + from - 1
        plan.end = [to.map { first + $0 }, end].compactMap { $0 }.min()
        return plan
    }

    /// Paths in run order: at each folder, the names of its `order:` first, then the rest sorted;
    /// a folder's files and subfolders interleave by name.
    static func ordered(_ paths: [String], folders: [String: FolderDefaults]) -> [String] {
        if folders.values.allSatisfy({ $0.order.isEmpty }) {  // names alone: sorted a folder at a time, as below
            return paths.map { ($0, $0.split(separator: "/")) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
        }
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
