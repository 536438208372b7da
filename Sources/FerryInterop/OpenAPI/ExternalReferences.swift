import Foundation
import Yams

/// Puts the parts of other files that `$ref`s point at (`Pet.yaml`, `common.yaml#/components/schemas/Error`)
/// in place of the references, reading each file relative to the one that refers to it, so OpenAPIKit
/// decodes one document. Inside an inlined file, its own references (`#/…`) are inlined from it too;
/// a reference back into a part being inlined (a recursive schema) becomes `{}`, any value. A file
/// that cannot be read, a part that is not there, or a URL leaves the `$ref` as written: the importer
/// reports it where it is used. Each inlined part is known by its node's `Tag` (one object per node
/// Yams composes, `DecodingTree.identity(of:)`), so a place in it can name its file (`DecodingTree.init(_:partFiles:)`).
struct ExternalReferences {
    /// The folder the document's relative references start from.
    let directory: String
    /// Files read so far, by absolute path (nil: unreadable).
    private var files: [String: Node?] = [:]
    /// The file each inlined part came from (relative to `directory` when below it), by its node's tag.
    private(set) var partFiles: [ObjectIdentifier: String] = [:]
    /// Why each referenced file that is not valid YAML could not be read: its source is the file.
    private(set) var unreadable: [ImportProblem] = []
    /// `file#pointer` of the references being inlined, outermost first.
    private var inlining: [String] = []

    init(directory: String) {
        self.directory = directory
    }

    /// The document with its references to other files inlined.
    mutating func inline(_ document: Node) -> Node {
        inline(document, in: nil)
    }

    /// Whether some `$ref` of `tree`'s document names a part of another file (not `#…`, not a URL),
    /// which `inline` would read: read from the tree's keys, so a property named `$ref` (Okta's)
    /// or a URL does not send the document through Yams' nodes for nothing.
    static func referToOtherFiles(in tree: DecodingTree) -> Bool {
        tree.keys.indices.contains { position in
            guard tree.keys[position] == "$ref", let target = tree.string(tree.children[position]) else { return false }
            let location = target.prefix { $0 != "#" }
            return !location.isEmpty && !location.contains("://")
        }
    }

    /// `node`, part of `file` (nil: the document itself, whose `#/…` references stay).
    private mutating func inline(_ node: Node, in file: String?) -> Node {
        switch node {
        case .mapping(var mapping):
            if let reference = mapping["$ref"]?.string, let target = target(of: reference, from: file) {
                guard !inlining.contains(target.key) else { return .mapping(Node.Mapping([], mapping.tag, mapping.style, mapping.mark)) }
                inlining.append(target.key)
                defer { inlining.removeLast() }
                let part = inline(target.node, in: target.file)
                partFiles[DecodingTree.identity(of: part)] = relative(target.file)
                return part
            }
            for index in mapping.indices { mapping[index].value = inline(mapping[index].value, in: file) }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices { sequence[index] = inline(sequence[index], in: file) }
            return .sequence(sequence)
        default:
            return node
        }
    }

    /// The node `reference` points at, with the file it is in; nil for the document's own
    /// references, URLs, and what cannot be found.
    private mutating func target(of reference: String, from file: String?) -> (node: Node, file: String, key: String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let location = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        guard !location.contains("://") else { return nil }
        let path: String
        if location.isEmpty {
            guard let file else { return nil }  // the document's own: OpenAPIKit resolves those
            path = file
        } else {
            let base = file.map { ($0 as NSString).deletingLastPathComponent } ?? directory
            path = location.hasPrefix("/") ? location : ((base as NSString).appendingPathComponent(location) as NSString).standardizingPath
        }
        guard let root = load(path), let node = Self.find(pointer, in: root) else { return nil }
        return (node, path, path + "#" + pointer)
    }

    private mutating func load(_ path: String) -> Node? {
        if let known = files[path] { return known }
        var node: Node?
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            do {
                node = try Yams.compose(yaml: text, Resolver.basic.appending(.merge))
            } catch {
                unreadable.append(OpenAPIDocumentReader.syntaxProblem(error, source: relative(path)))
            }
        }
        files[path] = node
        return node
    }

    /// `path` relative to the document's folder when it is below it.
    private func relative(_ path: String) -> String {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The node a JSON pointer (`/components/schemas/Pet`) names below `root`.
    static func find(_ pointer: String, in root: Node) -> Node? {
        var node = root
        for token in pointer.split(separator: "/").map(String.init) {
            let key = (token.removingPercentEncoding ?? token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
                of: "~0", with: "~")
            if case .sequence(let sequence) = node, let index = Int(key), sequence.indices.contains(index) {
                node = sequence[index]
            } else if let child = node[key] {
                node = child
            } else {
                return nil
            }
        }
        return node
    }
}
