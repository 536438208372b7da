/// Where a node sits in its document, as text: `$.records[3].tags[0]` and `$["a b"]` (RFC 9535
/// JSONPath, read by `JSONPathQuery`) for JSON and property lists, `/root/item[2]/@id` for XML (a
/// position only when same-named siblings exist, 1-based as in XPath). A path resolves back to its
/// node for "jump to path"; with duplicate JSON keys, a key step means the first member with that key.
public enum NodePath {
    /// Why a path did not lead to a node.
    public struct Failure: Error, Hashable, Sendable {
        /// Where in the path text the problem is (0-based, in characters).
        public var position: Int
        public var message: String

        public init(position: Int, message: String) {
            self.position = position
            self.message = message
        }
    }

    /// The path of `node`.
    public static func path(of node: NodeID, in document: Document) -> String {
        var chain = [node]
        while let parent = document.parent(of: chain[chain.count - 1]) { chain.append(parent) }
        return path(along: chain.reversed(), in: document) { document.position(of: $0) }
    }

    /// The path of the last node of `chain` (a top-level node, then each child down to the node),
    /// where `position` gives a node's index among its siblings: for callers that know both already
    /// (a tree view's rows), as looking them up walks the siblings.
    public static func path(along chain: [NodeID], in document: Document, position: (NodeID) -> Int) -> String {
        if document.format == .xml {
            var text = ""
            var parent: NodeID?
            for step in chain {
                text += "/" + xmlStep(step, parent: parent, in: document)
                parent = step
            }
            return text
        }
        var text = "$"
        for step in chain.dropFirst() {
            if let key = document.key(of: step) {
                text += isIdentifier(key) ? "." + key : "[" + JSONStringLiteral.make(key) + "]"
            } else {
                text += "[\(position(step))]"
            }
        }
        return text
    }

    /// The node at `path`, or a failure naming the step that does not exist or cannot be read. A
    /// JSON or property-list path is a singular RFC 9535 query (names and indexes: `$.a[-1]['b c']`).
    public static func resolve(_ path: String, in document: Document) throws(Failure) -> NodeID {
        guard document.format != .xml else {
            var reader = NodePathReader(Array(path.unicodeScalars))
            return try reader.resolveXML(in: document)
        }
        let query = try keyedQuery(path)
        if let step = query.segments.first(where: { !$0.isSingular }) {
            throw Failure(position: step.position, message: "expected a path to one node (names and indexes only)")
        }
        let (nodes, emptyAt) = query.trace(in: document)
        guard let node = nodes.first else { throw Failure(position: emptyAt ?? 0, message: "no such node") }
        return node
    }

    /// Every node `pattern` selects, in document order: a JSON or property-list path is any RFC 9535
    /// query (`$.items[*].id`, `$..id`, `$.items[?@.price < 10]`); an XML path selects its one node.
    /// Throws only when the pattern cannot be read.
    public static func select(_ pattern: String, in document: Document) throws(Failure) -> [NodeID] {
        guard document.format != .xml else {
            var reader = NodePathReader(Array(pattern.unicodeScalars))
            do {
                return [try reader.resolveXML(in: document)]
            } catch  where error.message == "no such node" {
                return []
            }
        }
        return try keyedQuery(pattern).select(in: document)
    }

    private static func keyedQuery(_ text: String) throws(Failure) -> JSONPathQuery {
        do {
            return try JSONPathQuery(text)
        } catch {
            throw Failure(position: error.position, message: error.message)
        }
    }

    // MARK: - Writing

    private static func xmlStep(_ node: NodeID, parent: NodeID?, in document: Document) -> String {
        let kind = document.kind(of: node)
        if kind == .attribute { return "@" + (document.name(of: node) ?? "") }
        let test = xmlTest(node, in: document)
        guard let parent else { return test }
        let siblings = document.children(of: parent).filter { xmlTest($0, in: document) == test }
        return siblings.count > 1 ? "\(test)[\((siblings.firstIndex(of: node) ?? 0) + 1)]" : test
    }

    /// The XPath node test that selects nodes like this one.
    package static func xmlTest(_ node: NodeID, in document: Document) -> String {
        switch document.kind(of: node) {
        case .element: document.name(of: node) ?? ""
        case .attribute: "@" + (document.name(of: node) ?? "")
        case .comment: "comment()"
        case .processingInstruction: "processing-instruction()"
        default: "text()"
        }
    }

    /// True when `key` can be written as JSONPath's `.key` shorthand (kept to ASCII).
    package static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.isASCII, JSONPathParser.isNameFirst(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && (JSONPathParser.isNameFirst($0) || ("0"..."9").contains($0)) }
    }
}
