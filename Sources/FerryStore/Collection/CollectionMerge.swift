import Foundation
import Yams

/// Brings a new import of a document into a collection made by an earlier import of it, three-way
/// (`ferry import openapi` a second time): the files the last import made (`base`, made again from
/// the document kept in the collection), the files on disk (the user's), and the files the new
/// import makes (`theirs`). Files are paired by a key (an operation's method and path template, so
/// a renamed operation or path parameter is the same request); the user's file keeps its path. What
/// only the spec changed is taken, what only the user changed is kept, and where both changed the
/// same value the spec's is written and the user's whole file kept beside it (`… .mine`). Pure:
/// reads through `read`, returns the files to write and remove.
public struct CollectionMerge: Sendable {
    /// A file of an import, with the key that pairs it across imports.
    public struct Keyed: Sendable {
        public var key: String
        public var file: CollectionWriter.File

        public init(key: String, file: CollectionWriter.File) {
            self.key = key
            self.file = file
        }
    }

    /// A file the spec changed: the top-level keys it changed, and the places where the user had
    /// changed them too (then the user's file is kept at `mine`).
    public struct Change: Sendable, Equatable {
        public var path: String
        public var keys: [String]
        public var conflicts: [String]
        public var mine: String?
    }

    /// The suffix of a user's file kept beside the one the spec's version was written to (not a
    /// request file: `ferry run` does not send it).
    public static let mineSuffix = ".mine"

    /// Files the new import adds (new operations, environments).
    public private(set) var added: [String] = []
    public private(set) var changed: [Change] = []
    /// Files of operations the spec no longer has, removed (the user had not edited them).
    public private(set) var removed: [String] = []
    /// Files of removed operations the user had edited: removed, the user's version kept at `path.mine`.
    public private(set) var keptAside: [String] = []
    /// Files the spec changed that the user had deleted: left deleted.
    public private(set) var skipped: [String] = []
    /// What to write (each replacing its file atomically) and what to remove.
    public private(set) var writes: [CollectionWriter.File] = []
    public private(set) var removals: [String] = []

    /// True when bringing the new import in would change the collection (`--check`'s drift).
    public var drifted: Bool { !writes.isEmpty || !removals.isEmpty }

    public init(base: [Keyed], theirs: [Keyed], read: (String) -> Data?) {
        let old = Dictionary(base.map { ($0.key, $0.file) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(theirs.map { ($0.key, $0.file) }, uniquingKeysWith: { first, _ in first })
        var keys = theirs.map(\.key)
        for entry in base where new[entry.key] == nil { keys.append(entry.key) }
        for key in keys {
            let basis = old[key]
            let spec = new[key]
            let path = basis?.path ?? spec!.path
            bring(path: path, base: basis, theirs: spec, ours: read(path))
        }
    }

    private mutating func bring(path: String, base: CollectionWriter.File?, theirs: CollectionWriter.File?, ours: Data?) {
        let baseNode = base.flatMap { Self.node($0.contents) }
        let theirNode = theirs.flatMap { Self.node($0.contents) }
        let ourNode = ours.flatMap(Self.node)
        switch (base, theirs) {
        case (nil, let theirs?):
            guard let ours else {
                writes.append(theirs)
                added.append(path)
                return
            }
            guard ourNode != theirNode else { return }
            writes.append(contentsOf: [theirs, CollectionWriter.File(path: path + Self.mineSuffix, contents: ours)])
            changed.append(Change(path: path, keys: ["(new in the spec)"], conflicts: ["(the whole file)"], mine: path + Self.mineSuffix))
        case (let base?, nil):
            guard let ours else { return }
            removals.append(path)
            if ourNode == baseNode, ourNode != nil {
                removed.append(path)
            } else {
                writes.append(CollectionWriter.File(path: path + Self.mineSuffix, contents: ours, isPrivate: base.isPrivate))
                keptAside.append(path)
            }
        case (let base?, let theirs?):
            guard baseNode != theirNode else { return }
            guard let ours else {
                skipped.append(path)
                return
            }
            let merged =
                ourNode == nil
                ? (node: theirNode, conflicts: ["(the whole file)"]) : YAMLMerge.merge(base: baseNode, ours: ourNode, theirs: theirNode)
            guard let node = merged.node, let text = try? Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true) else {
                return
            }
            guard Self.node(Data(text.utf8)) != ourNode || ourNode == nil else { return }
            writes.append(CollectionWriter.File(path: path, contents: Data(text.utf8), isPrivate: theirs.isPrivate))
            var change = Change(
                path: path, keys: YAMLMerge.changedKeys(from: baseNode, to: theirNode), conflicts: merged.conflicts, mine: nil)
            if !merged.conflicts.isEmpty {
                change.mine = path + Self.mineSuffix
                writes.append(CollectionWriter.File(path: path + Self.mineSuffix, contents: ours, isPrivate: theirs.isPrivate))
            }
            changed.append(change)
        case (nil, nil): return
        }
    }

    /// A file's YAML; nil when it does not parse (then the user's file is kept aside whole).
    private static func node(_ data: Data) -> Node? {
        try? Yams.compose(yaml: String(decoding: data, as: UTF8.self))
    }

    /// The report: one line per file added, changed (with its keys and conflicts), removed or kept aside.
    public var lines: [String] {
        var lines = added.map { "added    \($0)" }
        for change in changed {
            lines.append("changed  \(change.path) (\(change.keys.joined(separator: ", ")))")
            if let mine = change.mine {
                lines.append(
                    "conflict \(change.path): \(change.conflicts.joined(separator: ", ")) changed by you and by the spec; "
                        + "the spec's written, yours kept in \(mine)")
            }
        }
        lines += removed.map { "removed  \($0)" }
        lines += keptAside.map { "removed  \($0) (you had edited it: your version kept in \($0 + Self.mineSuffix))" }
        lines += skipped.map { "skipped  \($0) (the spec changed it; you had deleted it)" }
        return lines
    }
}
