import Yams

/// A composed YAML node laid out once in flat arrays for `NodeDecoder`: each node is an index, a
/// mapping's keys are strings read once (merge keys applied as Yams applies them), and a child is
/// reached by its index. Decoding then copies integers, not `Node`s: a `Node` is an enum of arrays
/// and a `Tag` class, and copying one per key looked up was most of the decoder's time
/// (Benchmarks/README.md, issue 28).
final class DecodingTree {
    enum Kind: UInt8 { case scalar, mapping, sequence, alias }

    /// Each node's kind.
    private(set) var kinds: [Kind] = []
    /// A scalar's index in `scalars`; a mapping's or a sequence's first index in `children`.
    private(set) var starts: [Int32] = []
    /// A mapping's or a sequence's number of children (0 for a scalar).
    private(set) var counts: [Int32] = []
    private(set) var scalars: [Node.Scalar] = []
    /// The children of mappings and sequences, each run in order.
    private(set) var children: [Int32] = []
    /// Beside `children`: a mapping child's key (nil for a key that is not a scalar), unused for sequences.
    private(set) var keys: [String?] = []
    /// A large mapping's (`paths`, `components.schemas`) index in `tables`, -1 for any other node.
    private var tableOf: [Int32] = []
    /// The child of each key of a large mapping; the last of a repeated key wins, as in Yams.
    private var tables: [[String: Int32]] = []

    /// A mapping at least this large gets an index of its keys; smaller ones are searched.
    static let indexedCount = 16

    /// The index of the node the tree was made from.
    private(set) var root: Int32 = 0

    init(_ node: Node) {
        root = add(node)
    }

    /// Adds `node` after its descendants (so each node's children are one run); returns its index.
    private func add(_ node: Node) -> Int32 {
        switch node {
        case .scalar(let scalar):
            scalars.append(scalar)
            return append(.scalar, start: scalars.count - 1, count: 0)
        case .alias:
            return append(.alias, start: 0, count: 0)
        case .sequence(let sequence):
            let items = sequence.map { add($0) }
            let start = children.count
            children += items
            keys += repeatElement(nil, count: items.count)
            return append(.sequence, start: start, count: items.count)
        case .mapping(let mapping):
            let pairs = flattened(mapping)
            let start = children.count
            children += pairs.map(\.value)
            keys += pairs.map(\.key)
            let index = append(.mapping, start: start, count: pairs.count)
            if pairs.count >= Self.indexedCount {
                var table: [String: Int32] = [:]
                for pair in pairs { if let key = pair.key { table[key] = pair.value } }
                tableOf[Int(index)] = Int32(tables.count)
                tables.append(table)
            }
            return index
        }
    }

    private func append(_ kind: Kind, start: Int, count: Int) -> Int32 {
        kinds.append(kind)
        starts.append(Int32(start))
        counts.append(Int32(count))
        tableOf.append(-1)
        return Int32(kinds.count - 1)
    }

    /// A mapping's pairs, children added, with YAML merge keys (`<<: *base`) applied as Yams applies
    /// them: the merged pairs first, so the mapping's own win when a key is looked up from the end.
    private func flattened(_ mapping: Node.Mapping) -> [(key: String?, value: Int32)] {
        var merged: [(key: String?, value: Int32)] = []
        var own: [(key: String?, value: Int32)] = []
        own.reserveCapacity(mapping.count)
        // By index: iterating a Yams mapping first copies all its pairs into a new array.
        for index in mapping.indices {
            let pair = mapping[index]
            guard case .scalar(let key) = pair.key, key.string == "<<", key.style == .plain else {
                own.append((pair.key.string, add(pair.value)))
                continue
            }
            switch pair.value {
            case .mapping(let inner): merged += flattened(inner)
            case .sequence(let sequence):
                for case .mapping(let inner) in sequence.reversed() { merged += flattened(inner) }
            default: break
            }
        }
        return merged + own
    }

    /// The child at `key` of the mapping `node` (the last one when the key is repeated), or nil.
    func child(of node: Int32, named key: String) -> Int32? {
        let table = tableOf[Int(node)]
        if table >= 0 { return tables[Int(table)][key] }
        let start = Int(starts[Int(node)])
        var position = start + Int(counts[Int(node)])
        while position > start {
            position -= 1
            if keys[position] == key { return children[position] }
        }
        return nil
    }
}
