extension Document {
    /// The members of a JSON object as (key, value) pairs, in document order.
    func members(of node: NodeID) -> [(key: String, value: NodeID)] {
        guard kind(of: node) == .object else { return [] }
        return children(of: node).map { (key(of: $0) ?? "", $0) }
    }

    /// Calls `body` with each member of a JSON object (or property-list dictionary) and its key as
    /// UTF-8: read in place from the body when the key holds no escape, decoded otherwise.
    func forEachMember(of node: NodeID, _ body: (NodeID, UnsafeRawBufferPointer) -> Void) {
        bytes.withUnsafeBytes { raw in
            for child in children(of: node) {
                if format == .json, let range = jsonKeyRange(of: child.index) {
                    let text = UnsafeRawBufferPointer(rebasing: raw[range.lowerBound + 1..<range.upperBound - 1])
                    if !text.contains(UInt8(ascii: "\\")) {
                        body(child, text)
                        continue
                    }
                }
                var decoded = key(of: child) ?? ""
                decoded.withUTF8 { body(child, UnsafeRawBufferPointer($0)) }
            }
        }
    }

    /// The first member of a JSON object with `key`.
    func member(_ key: String, of node: NodeID) -> NodeID? {
        guard kind(of: node) == .object else { return nil }
        return children(of: node).first { self.key(of: $0) == key }
    }

    /// A string node's decoded text; nil for other kinds.
    func string(at node: NodeID) -> String? { kind(of: node) == .string ? value(of: node) : nil }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBytes { raw in
            let end = min(offset, raw.count)
            var line = 1
            var column = 1
            for index in 0..<end {
                if raw[index] == 0x0A {
                    line += 1
                    column = 1
                } else if raw[index] & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }
    }
}
