import FerryCore
import FerryInterop
import FerryStore
import FerryTUI
import Foundation
import Synchronization

/// The collection the TUI works in: reads it into the sidebar's items, saves the editor's request
/// into it, reads its environments and notices files another program changed. Called off the UI thread.
final class CollectionWorkspace: Sendable {
    let root: String
    /// Variables laid over the environments (`--var`, the demo's `baseURL`).
    let overrides: [Variable]
    /// When set, the overrides are laid over this environment and over none, and the others keep their
    /// own values: in `ferry demo` the server's address is the `demo` environment's `baseURL`, and F4
    /// to another environment changes the target. Nil: over every environment.
    let overridesOnly: String?
    /// The fingerprint of each request file at the last read, by path below the root.
    private let fingerprints = Mutex<[String: FileFingerprint?]>([:])

    init(root: String, overrides: [Variable] = [], overridesOnly: String? = nil) {
        self.root = root
        self.overrides = overrides
        self.overridesOnly = overridesOnly
    }

    // MARK: - Reading

    /// Reads the tree: requests as the editor holds them, broken files with their problem, and the
    /// paths whose file differs from the last read.
    func load() -> Message {
        let collection: RequestCollection
        do {
            collection = try RequestCollection(root: root)
        } catch {
            return .notice("cannot read the collection: \(ErrorChain(error).links.first?.message ?? "\(error)")")
        }
        var items = collection.requests.map { entry in
            CollectionItem(
                path: entry.path,
                request: RequestSource(
                    title: entry.title, description: entry.document,
                    defaults: collection.defaults(forFolder: entry.folder), root: root))
        }
        items += collection.problems.map { CollectionItem(path: CollectionPath.relative($0.file, in: root), problem: $0.description) }
        let current = Dictionary(collection.requests.map { ($0.path, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
        let changed = fingerprints.withLock { known in
            defer { known = current }
            return known.isEmpty ? [] : Set(known.keys).union(current.keys).filter { known[$0] != current[$0] }.sorted()
        }
        return .collectionLoaded(items, environments: Environment.names(in: root), changed: changed)
    }

    /// True when a request file read last time was changed, replaced or removed (a stat per file).
    func hasChangedFiles() -> Bool {
        fingerprints.withLock { known in known.contains { path, fingerprint in FileFingerprint(path: absolute(path)) != fingerprint } }
    }

    /// The variables and chains of environment `name` (nil: none), with the overrides on top where they apply.
    func environment(_ name: String?) -> Message {
        var environment = Environment(name: name ?? "", variables: [])
        if let name {
            do {
                environment = try Environment.load(named: name, in: root)
            } catch {
                return .notice(error.description)
            }
        }
        let overrides = name == nil || overridesOnly == nil || name == overridesOnly ? self.overrides : []
        let overridden = Set(overrides.map(\.name))
        return .environmentLoaded(
            name, environment.variables.filter { !overridden.contains($0.name) } + overrides,
            chains: environment.chains.filter { !overridden.contains($0.name) }, connection: environment.connection)
    }

    /// The value of variable `name` in environment `environment` (nil: none) as a send takes it, the
    /// overrides included; nil when it has none or the environment does not read.
    func value(of name: String, in environment: String?) -> String? {
        guard case .environmentLoaded(_, let variables, _, _) = self.environment(environment) else { return nil }
        return variables.last { $0.name == name }?.value
    }

    // MARK: - Saving

    /// Writes `description` to `path` below the root: a new file (`isNew`) must not exist yet, and an
    /// open file that no longer parses is refused (it may hold edits worth more than this save).
    func save(_ description: RequestDescription, to path: String, isNew: Bool) -> Message {
        let target = absolute(path)
        do {
            if isNew, FileManager.default.fileExists(atPath: target) {
                return .notice("not saved: \(path) already exists")
            }
            try description.save(to: target)
            noteOwnWrite(path)
        } catch let problem as ConfigProblem {
            return .notice("not saved: \(problem.description) (the file is kept as it is)")
        } catch {
            return .notice("not saved: " + ErrorChain(error).line)
        }
        return .requestSaved(path: path, description)
    }

    /// Imports the file at `path` (relative to the working folder; its format recognised) into the
    /// collection, all or nothing and never over an existing file: a line saying what came across.
    func importFile(_ path: String) -> Message {
        let source = ImportFormat.document(at: CollectionPath.absolute(path, in: FileManager.default.currentDirectoryPath))
        let folder = ImportFormat.isFolder(source)  // a Posting collection
        guard let data = folder ? Data() : FileManager.default.contents(atPath: source), let text = String(data: data, encoding: .utf8)
        else {
            return .notice("✗ cannot read \(path) as text")
        }
        guard let format = ImportFormat.detect(text, path: source) else {
            return .notice("✗ cannot tell the format of \(path) (\(ImportFormat.names))")
        }
        do {
            let directory = folder ? source : (source as NSString).deletingLastPathComponent
            let imported = try format.importer.importCollection(text, source: path, directory: directory)
            let files = try imported.files(attachmentsFrom: directory)
            try CollectionWriter(root: root).write(files, force: false)
            files.forEach { noteOwnWrite($0.path) }
            let others = imported.report.notes.filter { $0.kind != .imported }.count
            return .notice(
                "imported \(imported.requests.count) request\(imported.requests.count == 1 ? "" : "s") from \(path) (\(format.rawValue))"
                    + (others == 0 ? "" : "; \(others) approximated or dropped: `ferry import \(path) --dry-run` lists them"))
        } catch {
            let reason = (error as? ImportProblem)?.description ?? ErrorChain(error).line
            return .notice("✗ nothing imported: " + reason)
        }
    }

    /// Renames, copies or deletes a request file. A rename or copy never replaces an existing file;
    /// a copy is written atomically; a rename is one `rename(2)`.
    func perform(_ operation: FileOperation) -> Message {
        let manager = FileManager.default
        do {
            switch operation {
            case .rename(let from, let to), .duplicate(let from, let to):
                let target = absolute(to)
                guard !manager.fileExists(atPath: target) else { return .notice("not done: \(to) already exists") }
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if case .rename = operation {
                    try manager.moveItem(atPath: absolute(from), toPath: target)
                    noteOwnWrite(to, copying: from)
                    noteOwnWrite(from)
                } else {
                    try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: absolute(from))), to: target)
                    noteOwnWrite(to, copying: from)
                }
            case .delete(let path):
                try manager.removeItem(atPath: absolute(path))
                noteOwnWrite(path)
            }
        } catch {
            return .notice("not done: " + ErrorChain(error).line)
        }
        return .fileOperationDone(operation)
    }

    /// Records a file Ferry itself wrote, moved or removed, so the next read does not report it as
    /// changed by another program. A copy or a moved file (`copying` its source) is recorded only
    /// when its source was a request read last time (not a broken file).
    private func noteOwnWrite(_ path: String, copying source: String? = nil) {
        let fingerprint = FileFingerprint(path: absolute(path))
        fingerprints.withLock { known in
            guard !known.isEmpty, source.map({ known[$0] != nil }) ?? true else { return }
            if let fingerprint { known[path] = fingerprint } else { known.removeValue(forKey: path) }
        }
    }

    private func absolute(_ path: String) -> String { (root as NSString).appendingPathComponent(path) }
}
