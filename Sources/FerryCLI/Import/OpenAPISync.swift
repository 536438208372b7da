import FerryApp
import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// `ferry import openapi SPEC --into DIR` a second time: the document imported last is kept in the
/// collection (`.ferry/openapi-base.yaml`), imported again as the base of a three-way merge
/// (`CollectionMerge`) with the user's files and the new document's import.
struct OpenAPISync {
    /// Where the last imported document is kept, below the collection (a hidden folder: no request file).
    static let basePath = ".ferry/openapi-base.yaml"

    let root: String
    /// The new document's text, kept as the next base.
    let source: String

    var hasBase: Bool { FileManager.default.fileExists(atPath: absolute(Self.basePath)) }

    /// The new document as the next base.
    var baseFile: CollectionWriter.File { CollectionWriter.File(path: Self.basePath, contents: Data(source.utf8)) }

    /// The merge of the new import (`imported`, made into `files`) with the collection, against the base imported by `importer`.
    func merge(
        imported: ImportedCollection, files: [CollectionWriter.File], importer: any Importer, source: String, directory: String
    ) throws -> CollectionMerge {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: absolute(Self.basePath))), as: UTF8.self)
        let base = try importer.importCollection(text, source: source, directory: directory)
        return CollectionMerge(base: Self.keyed(base, files: try base.files()), theirs: Self.keyed(imported, files: files)) { path in
            FileManager.default.contents(atPath: absolute(path))
        }
    }

    /// Writes the merge (each file replaced atomically), removes what it removes, and keeps the new document as the base.
    func apply(_ merge: CollectionMerge) throws {
        try CollectionWriter(root: root).write(merge.writes + [baseFile], force: true)
        for path in merge.removals { try FileManager.default.removeItem(atPath: absolute(path)) }
    }

    /// The files of an import with the keys that pair them across imports: a request by its
    /// operation (method and path template, parameters' names left out), the others by path.
    static func keyed(_ imported: ImportedCollection, files: [CollectionWriter.File]) -> [CollectionMerge.Keyed] {
        let operations = Dictionary(imported.requests.map { ($0.path, operationKey($0.source)) }, uniquingKeysWith: { first, _ in first })
        return files.map { CollectionMerge.Keyed(key: operations[$0.path] ?? $0.path, file: $0) }
    }

    /// `paths./pets/{petId}.get` → `paths./pets/{}.get`.
    static func operationKey(_ source: String) -> String {
        source.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    private func absolute(_ path: String) -> String { (root as NSString).appendingPathComponent(path) }

    /// `--json`'s document of a merge.
    struct Summary: Encodable {
        var added: [String]
        var changed: [Change]
        var removed: [String]
        var keptAside: [String]
        var skipped: [String]
        var drifted: Bool
        /// True when nothing was written (`--check`, `--dry-run`).
        var checked: Bool

        struct Change: Encodable {
            var path: String
            var keys: [String]
            var conflicts: [String]
            var mine: String?
        }

        init(_ merge: CollectionMerge, checked: Bool) {
            added = merge.added
            changed = merge.changed.map { Change(path: $0.path, keys: $0.keys, conflicts: $0.conflicts, mine: $0.mine) }
            removed = merge.removed
            keptAside = merge.keptAside
            skipped = merge.skipped
            drifted = merge.drifted
            self.checked = checked
        }
    }
}
