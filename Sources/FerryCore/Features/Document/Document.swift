import Foundation

/// A parsed JSON, XML or property-list document: the body's bytes plus a compact, ordered node
/// table. Keys, names and values are decoded from the bytes only when asked for.
public final class Document: @unchecked Sendable {
    /// The syntax a document was parsed from.
    public enum Format: String, Sendable {
        case json = "JSON"
        case xml = "XML"
        case propertyList = "property list"
    }

    public let format: Format
    /// The body the node table points into.
    public let bytes: Data
    /// Nodes in the document (closing entries not counted).
    public let nodeCount: Int
    /// The deepest nesting of containers (objects, arrays, elements, dictionaries); 0 for a lone scalar.
    public let depth: Int
    /// Owned: released with the document.
    let table: NodeTable
    /// Property lists only: keys and scalar values, decoded while parsing (plists are small, and
    /// a binary one has no text to decode later), indexed like `table`.
    let decodedKeys: [String?]
    let decodedValues: [String?]

    init(format: Format, bytes: Data, table: NodeTable, depth: Int, decodedKeys: [String?] = [], decodedValues: [String?] = []) {
        self.format = format
        self.bytes = bytes
        self.table = table
        self.depth = depth
        self.decodedKeys = decodedKeys
        self.decodedValues = decodedValues
        nodeCount = table.count - table.closingCount
    }

    deinit { table.release() }

    /// How many nodes of each kind the document has (one pass over the kind column).
    public var kindCounts: [NodeKind: Int] {
        var counts = [Int](repeating: 0, count: 256)
        for index in 0..<table.count { counts[Int(table.kinds[index])] += 1 }
        var result: [NodeKind: Int] = [:]
        for kind in NodeKind.allCases where counts[Int(kind.rawValue)] > 0 { result[kind] = counts[Int(kind.rawValue)] }
        return result
    }

    /// The top node (for XML, the root element).
    public var root: NodeID { NodeID(rootIndex) }

    var rootIndex: Int {
        var index = 0
        if format == .xml { while index < table.count, NodeKind(rawValue: table.kinds[index]) != .element { index = next(after: index) } }
        return index
    }

    // MARK: - Structure

    /// The nodes outside any container: the root, and for XML the declaration, comments and
    /// processing instructions around it.
    public var topLevelNodes: [NodeID] {
        var nodes: [NodeID] = []
        var index = 0
        while index < table.count {
            nodes.append(NodeID(index))
            index = next(after: index)
        }
        return nodes
    }

    public func kind(of node: NodeID) -> NodeKind { NodeKind(rawValue: table.kinds[node.index])! }

    /// The bytes of the body this node was parsed from (for containers, up to and including the end).
    public func byteRange(of node: NodeID) -> Range<Int> {
        let index = node.index
        let start = Int(table.starts[index])
        guard kind(of: node).isContainer else { return start..<Int(table.links[index]) }
        return start..<closingEnd(Int(table.links[index]))
    }

    /// The node's children, in document order, produced as they are iterated.
    public func children(of node: NodeID) -> Children { Children(document: self, node: node.index) }

    public func childCount(of node: NodeID) -> Int {
        var count = 0
        for _ in children(of: node) { count += 1 }
        return count
    }

    /// The child at `position`, or nil when there are fewer children.
    public func child(of node: NodeID, at position: Int) -> NodeID? {
        guard position >= 0 else { return nil }
        for (offset, child) in children(of: node).enumerated() where offset == position { return child }
        return nil
    }

    /// The node's position among its parent's children (0 for top-level nodes).
    public func position(of node: NodeID) -> Int {
        guard let parent = parent(of: node) else { return 0 }
        var position = 0
        for child in children(of: parent) {
            if child == node { break }
            position += 1
        }
        return position
    }

    /// The container holding `node`, or nil for top-level nodes.
    public func parent(of node: NodeID) -> NodeID? {
        var index = node.index
        while index < table.count, table.kinds[index] != NodeTable.closing { index = next(after: index) }
        return index < table.count ? NodeID(Int(table.links[index])) : nil
    }

    /// The entry after `index` and all its descendants.
    @inline(__always)
    func next(after index: Int) -> Int {
        NodeKind(rawValue: table.kinds[index])!.isContainer ? Int(table.links[index]) + 1 : index + 1
    }

    // MARK: - Values

    /// The member key (JSON object, property-list dictionary), decoded; nil elsewhere.
    public func key(of node: NodeID) -> String? {
        switch format {
        case .json: jsonKey(of: node.index)
        case .xml: nil
        case .propertyList: decodedKeys[node.index]
        }
    }

    /// The name of an XML element, attribute or processing instruction; nil elsewhere.
    public func name(of node: NodeID) -> String? { format == .xml ? xmlName(of: node.index) : nil }

    /// A scalar's value as text: strings decoded, numbers as written, `true`/`false`/`null`;
    /// XML text, attribute values and comments decoded; nil for containers.
    public func value(of node: NodeID) -> String? {
        guard !kind(of: node).isContainer else { return nil }
        switch format {
        case .json: return jsonValue(of: node.index)
        case .xml: return xmlValue(of: node.index)
        case .propertyList: return decodedValues[node.index]
        }
    }

    /// The exact bytes of the node in the body, as text (invalid UTF-8 replaced).
    public func literal(of node: NodeID) -> String { text(in: byteRange(of: node)) }

    public func boolValue(of node: NodeID) -> Bool? {
        guard kind(of: node) == .bool else { return nil }
        return value(of: node) == "true"
    }

    /// A number's value as a `Double` (which may round or overflow; `literal` keeps it exact).
    public func doubleValue(of node: NodeID) -> Double? {
        switch kind(of: node) {
        case .number, .integer, .real: value(of: node).flatMap { Double($0) }
        default: nil
        }
    }

    func text(in range: Range<Int>) -> String {
        bytes.withUnsafeBytes { raw in String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self) }
    }

    /// The byte offset just past a container whose closing entry is `closing`.
    private func closingEnd(_ closing: Int) -> Int {
        let start = Int(table.starts[closing])
        switch format {
        case .json: return start + 1
        case .propertyList: return start
        case .xml:
            return bytes.withUnsafeBytes { raw in
                var offset = start
                while offset < raw.count, raw[offset] != UInt8(ascii: ">") { offset += 1 }
                return min(offset + 1, raw.count)
            }
        }
    }

    /// The children of a node, as a lazily walked sequence.
    public struct Children: Sequence {
        let document: Document
        let node: Int

        public func makeIterator() -> Iterator {
            let table = document.table
            let first = NodeKind(rawValue: table.kinds[node])!.isContainer ? node + 1 : table.count
            return Iterator(document: document, index: first)
        }

        /// Walks the entries between a container's opening and closing entries, one subtree at a time.
        public struct Iterator: IteratorProtocol {
            let document: Document
            var index: Int

            public mutating func next() -> NodeID? {
                guard index < document.table.count, document.table.kinds[index] != NodeTable.closing else { return nil }
                defer { index = document.next(after: index) }
                return NodeID(index)
            }
        }
    }
}
