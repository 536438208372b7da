extension Document {
    /// The first member of `object` whose key is `name` (compared as Unicode scalars, without
    /// decoding keys that have no escapes); nil when there is none or `object` is no object.
    func member(of object: NodeID, named name: String) -> NodeID? {
        switch kind(of: object) {
        case .object: break
        case .dictionary: return children(of: object).first { decodedKeys[$0.index] == name }
        default: return nil
        }
        var wanted = name
        return wanted.withUTF8 { wanted in
            bytes.withUnsafeBytes { raw -> NodeID? in
                let p = raw.bindMemory(to: UInt8.self)
                for child in children(of: object) {
                    guard let range = jsonKeyRange(of: child.index) else { continue }
                    let inner = range.lowerBound + 1..<range.upperBound - 1
                    if p[inner].contains(UInt8(ascii: "\\")) {
                        if Self.decodeJSONString(p, range).utf8.elementsEqual(wanted) { return child }
                    } else if inner.count == wanted.count, p[inner].elementsEqual(wanted) {
                        return child
                    }
                }
                return nil
            }
        }
    }

    /// Calls `body` with `node` and every node below it, in document order.
    func forEachNode(from node: NodeID, _ body: (NodeID) -> Void) {
        let last = kind(of: node).isContainer ? Int(table.links[node.index]) : node.index
        for index in node.index...last where table.kinds[index] != NodeTable.closing { body(NodeID(index)) }
    }
}
