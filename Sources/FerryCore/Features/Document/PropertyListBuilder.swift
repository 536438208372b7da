import Foundation

/// Collects a property list's node table with its decoded keys and values, for both the XML
/// and the binary reader. Containers close at their exclusive end offset.
struct PropertyListBuilder {
    /// A cap on nodes, since a binary plist can share one object many times over.
    static let maximumNodes = 5_000_000

    private var table = NodeTable.Builder(estimatedCount: 64)
    private var keys: [String?] = []
    private var values: [String?] = []
    private(set) var openContainers = 0
    private(set) var depth = 0

    var nodeCount: Int { table.count }

    mutating func scalar(_ kind: NodeKind, key: String?, value: String, range: Range<Int>) {
        _ = table.append(kind.rawValue, start: range.lowerBound, link: range.upperBound)
        keys.append(key)
        values.append(value)
    }

    mutating func open(_ kind: NodeKind, key: String?, start: Int) -> Int {
        keys.append(key)
        values.append(nil)
        openContainers += 1
        depth = max(depth, openContainers)
        return table.append(kind.rawValue, start: start, link: 0)
    }

    mutating func close(_ opening: Int, end: Int) {
        keys.append(nil)
        values.append(nil)
        openContainers -= 1
        table.close(opening, at: end)
    }

    mutating func finish(_ bytes: Data) -> Document {
        Document(format: .propertyList, bytes: bytes, table: table.finish(), depth: depth, decodedKeys: keys, decodedValues: values)
    }

    func discard() { table.discard() }
}
