import FerryCore

/// An ordered diff of two document trees: the paths added, removed and changed, with values.
///
/// Nodes are matched by path (`$.items[2].name`, `/root/item[2]/@id`): object members by key,
/// array items by position, XML children by name and position. Only the topmost node of an added
/// or removed subtree is reported.
public enum DocumentDiff {
    /// One difference, located by the node's path.
    public struct Change: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Codable { case added, removed, changed }
        public var kind: Kind
        public var path: String
        /// The value before (removed, changed), as written or summarised for containers.
        public var old: String?
        /// The value after (added, changed).
        public var new: String?

        public init(kind: Kind, path: String, old: String?, new: String?) {
            self.kind = kind
            self.path = path
            self.old = old
            self.new = new
        }
    }

    /// The changes from `old` to `new`: removals and changes in `old`'s order, then additions in `new`'s.
    public static func compare(_ old: Document, _ new: Document) -> [Change] {
        KeyedDiff.compare(
            flatten(old), flatten(new), key: \.path, differs: { $0.kind != $1.kind || $0.value != $1.value },
            isReported: { node, otherSide in node.parent.map { otherSide[$0] != nil } ?? true }
        )
        .map { Change(kind: $0.kind, path: ($0.old ?? $0.new)!.path, old: $0.old?.value, new: $0.new?.value) }
    }

    // MARK: - Flattening

    /// A node as the diff sees it: its path, its parent's path, its kind and a one-line value.
    struct Node {
        var path: String
        var parent: String?
        var kind: NodeKind
        var value: String
    }

    static func flatten(_ document: Document) -> [Node] {
        var nodes: [Node] = []
        let root = document.root
        let rootPath = document.format == .xml ? "/" + (document.name(of: root) ?? "") : "$"
        walk(root, path: rootPath, parent: nil, in: document, into: &nodes)
        return nodes
    }

    private static func walk(_ node: NodeID, path: String, parent: String?, in document: Document, into nodes: inout [Node]) {
        let kind = document.kind(of: node)
        nodes.append(Node(path: path, parent: parent, kind: kind, value: summary(of: node, kind: kind, in: document)))
        guard kind.isContainer else { return }
        if document.format == .xml {
            let children = document.children(of: node).filter { !isBlankText($0, in: document) }
            let tests = children.map { NodePath.xmlTest($0, in: document) }
            var totals: [String: Int] = [:]
            for test in tests { totals[test, default: 0] += 1 }
            var seen: [String: Int] = [:]
            for (child, test) in zip(children, tests) {
                seen[test, default: 0] += 1
                let step = totals[test]! > 1 ? "\(test)[\(seen[test]!)]" : test
                walk(child, path: path + "/" + step, parent: path, in: document, into: &nodes)
            }
        } else {
            for (position, child) in document.children(of: node).enumerated() {
                let step = document.key(of: child).map(keyStep) ?? "[\(position)]"
                walk(child, path: path + step, parent: path, in: document, into: &nodes)
            }
        }
    }

    private static func summary(of node: NodeID, kind: NodeKind, in document: Document) -> String {
        switch kind {
        case .object, .dictionary: "{…}"
        case .array: "[…]"
        case .element: "<\(document.name(of: node) ?? "")>"
        default: document.format == .json ? document.literal(of: node) : document.value(of: node) ?? ""
        }
    }

    /// `.key` for identifier-like keys, `["key"]` otherwise.
    private static func keyStep(_ key: String) -> String {
        guard !NodePath.isIdentifier(key) else { return "." + key }
        return "[\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
    }

    private static func isBlankText(_ node: NodeID, in document: Document) -> Bool {
        document.kind(of: node) == .text && (document.value(of: node) ?? "").allSatisfy(\.isWhitespace)
    }
}
