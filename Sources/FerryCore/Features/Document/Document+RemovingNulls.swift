extension Document {
    /// A JSON document without object members whose value is `null`, at every depth (inside
    /// arrays too), as AFNetworking's `removesKeysWithNullValues`. Array elements that are `null`
    /// stay, so positions keep their meaning. One pass over the node table; the bytes are shared.
    public func removingNullMembers() -> Document {
        guard format == .json else { return self }
        var filtered = NodeTable.Builder(estimatedCount: table.count)
        var openings: [(index: Int, isObject: Bool)] = []
        for index in 0..<table.count {
            let kind = table.kinds[index]
            if kind == NodeTable.closing {
                filtered.close(openings.removeLast().index, at: Int(table.starts[index]))
                continue
            }
            if kind == NodeKind.null.rawValue, openings.last?.isObject == true { continue }
            let copy = filtered.append(kind, start: Int(table.starts[index]), link: Int(table.links[index]))
            if NodeKind(rawValue: kind)!.isContainer { openings.append((copy, kind == NodeKind.object.rawValue)) }
        }
        return Document(
            format: format, bytes: bytes, table: filtered.finish(), depth: depth, decodedKeys: decodedKeys, decodedValues: decodedValues)
    }
}
