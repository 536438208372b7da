import Yams

/// A YAML document laid out in flat arrays for `NodeDecoder`: each node is an index, a mapping's
/// keys are strings read once (merge keys applied as Yams applies them), a child is reached by its
/// index, and each node keeps the line and column it starts on. Decoding then copies integers, not
/// Yams' `Node`s, and the passes that rewrite a document before it is decoded (`SchemaLists`, bounds,
/// parts left out) change a node's run of children in place (Benchmarks/README.md, issue 28).
/// `YAMLEventReader` fills one from libyaml's events; a document Yams composed (Swagger 2.0,
/// references to other files) is laid out by `init(_:)`.
final class DecodingTree {
    enum Kind: UInt8 { case scalar, mapping, sequence, alias }

    /// A mapping's pair as it is added: `merges` for YAML's merge key (`<<: *base`).
    struct Pair {
        var key: String?
        var value: Int32
        var merges = false
    }

    /// Each node's kind.
    private(set) var kinds: [Kind] = []
    /// A scalar's index in `strings`; a mapping's or a sequence's first index in `children`.
    private(set) var starts: [Int32] = []
    /// A mapping's or a sequence's number of children (0 for a scalar).
    private(set) var counts: [Int32] = []
    /// The line and column (from 1) each node starts on; 0 when not known.
    private var lines: [Int32] = []
    private var columns: [Int32] = []
    /// The file each node was read from: 0 for the document's own, else an index in `files` plus one.
    private var nodeFiles: [UInt16] = []
    /// The other files nodes were read from (a split document's), as places name them.
    private var files: [String] = []
    /// The file of the nodes being added.
    private var currentFile: UInt16 = 0
    /// A scalar's text, style and tag (`.implicit` for a plain scalar without one).
    private var strings: [String] = []
    private var styles: [Node.Scalar.Style] = []
    private var tags: [Tag.Name] = []
    /// The children of mappings and sequences, each run in order.
    private(set) var children: [Int32] = []
    /// Beside `children`: a mapping child's key (nil for a key that is not a scalar), unused for sequences.
    private(set) var keys: [String?] = []
    /// A large mapping's (`paths`, `components.schemas`) index in `tables`, -1 for any other node.
    private var tableOf: [Int32] = []
    /// The child of each key of a large mapping; the last of a repeated key wins, as in Yams.
    private var tables: [[String: Int32]] = []

    /// Types and keys as decoding errors describe them, each made once: describing a type demangles
    /// its name, and OpenAPIKit tries every schema as a `$ref` first (a key not found, caught).
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var keyNames: [KeyName: String] = [:]
    private struct KeyName: Hashable {
        var type: ObjectIdentifier
        var string: String
        var int: Int?
    }

    /// A mapping at least this large gets an index of its keys; smaller ones are searched.
    static let indexedCount = 16

    /// The index of the document's node.
    var root: Int32 = 0

    init() {}

    /// The tree of a node Yams composed; `partFiles` names the file of each part read from another
    /// file, by its node's tag (`ExternalReferences`).
    init(_ node: Node, partFiles: [ObjectIdentifier: String] = [:]) {
        root = add(node, partFiles: partFiles)
    }

    /// What tells a node Yams composed from every other: its own `Tag` object, one per node. Not
    /// `Node.tag`, which resolves an implicit tag in place (a plain `true` would become a string).
    static func identity(of node: Node) -> ObjectIdentifier {
        switch node {
        case .scalar(let scalar): ObjectIdentifier(scalar.tag)
        case .mapping(let mapping): ObjectIdentifier(mapping.tag)
        case .sequence(let sequence): ObjectIdentifier(sequence.tag)
        case .alias(let alias): ObjectIdentifier(alias.tag)
        }
    }

    /// Adds `node` after its descendants (so each node's children are one run); returns its index.
    private func add(_ node: Node, partFiles: [ObjectIdentifier: String]) -> Int32 {
        let outerFile = currentFile
        defer { currentFile = outerFile }
        if !partFiles.isEmpty, let file = partFiles[Self.identity(of: node)] {
            if let index = files.firstIndex(of: file) {
                currentFile = UInt16(index + 1)
            } else if files.count < Int(UInt16.max) {
                files.append(file)
                currentFile = UInt16(files.count)
            }
        }
        let mark = (line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
        switch node {
        case .scalar(let scalar):
            return addScalar(
                scalar.string, style: scalar.style, tag: Tag.Name(rawValue: scalar.tag.rawValue), line: mark.line, column: mark.column)
        case .alias:
            return append(.alias, start: 0, count: 0, line: mark.line, column: mark.column)
        case .sequence(let sequence):
            return addSequence(sequence.map { add($0, partFiles: partFiles) }, line: mark.line, column: mark.column)
        case .mapping(let mapping):
            var pairs: [Pair] = []
            pairs.reserveCapacity(mapping.count)
            // By index: iterating a Yams mapping first copies all its pairs into a new array.
            for index in mapping.indices {
                let (key, value) = mapping[index]
                let merges = key.scalar.map { $0.string == "<<" && $0.style == .plain } ?? false
                pairs.append(Pair(key: key.string, value: add(value, partFiles: partFiles), merges: merges))
            }
            return addMapping(pairs, line: mark.line, column: mark.column)
        }
    }

    // MARK: - Building

    /// Adds a scalar; returns its index.
    func addScalar(
        _ string: String, style: Node.Scalar.Style = .plain, tag: Tag.Name = .implicit, line: Int = 0, column: Int = 0
    )
        -> Int32
    {
        strings.append(string)
        styles.append(style)
        tags.append(tag)
        return append(.scalar, start: strings.count - 1, count: 0, line: line, column: column)
    }

    /// Adds a sequence of the nodes `items`; returns its index.
    func addSequence(_ items: [Int32], line: Int = 0, column: Int = 0) -> Int32 {
        let index = append(.sequence, start: 0, count: 0, line: line, column: column)
        setRun(of: index, keys: repeatElement(nil, count: items.count), children: items)
        return index
    }

    /// Adds a mapping of `pairs` with merge keys applied as Yams applies them: the merged pairs
    /// first, so the mapping's own win when a key is looked up from the end. Returns its index.
    func addMapping(_ pairs: [Pair], line: Int = 0, column: Int = 0) -> Int32 {
        let index = append(.mapping, start: 0, count: 0, line: line, column: column)
        guard pairs.contains(where: \.merges) else {
            setRun(of: index, keys: pairs.map(\.key), children: pairs.map(\.value))
            return index
        }
        var merged: [(key: String?, value: Int32)] = []
        for pair in pairs where pair.merges {
            switch kinds[Int(pair.value)] {
            case .mapping: merged += self.pairs(of: pair.value)
            case .sequence:
                for item in run(of: pair.value).reversed().map({ children[$0] }) where kinds[Int(item)] == .mapping {
                    merged += self.pairs(of: item)
                }
            default: break
            }
        }
        let all = merged + pairs.filter { !$0.merges }.map { (key: $0.key, value: $0.value) }
        setRun(of: index, keys: all.map(\.key), children: all.map(\.value))
        return index
    }

    /// Gives the mapping or sequence `node` a new run of children (the old one stays, unused).
    func setRun(of node: Int32, keys newKeys: some Collection<String?>, children newChildren: [Int32]) {
        let index = Int(node)
        starts[index] = Int32(children.count)
        counts[index] = Int32(newChildren.count)
        children += newChildren
        keys += newKeys
        guard kinds[index] == .mapping, newChildren.count >= Self.indexedCount else {
            tableOf[index] = -1
            return
        }
        var table: [String: Int32] = [:]
        for (key, child) in zip(newKeys, newChildren) { if let key { table[key] = child } }
        if tableOf[index] < 0 {
            tableOf[index] = Int32(tables.count)
            tables.append(table)
        } else {
            tables[Int(tableOf[index])] = table
        }
    }

    /// Changes the text of the scalar `node`.
    func setString(_ string: String, of node: Int32) {
        strings[Int(starts[Int(node)])] = string
    }

    private func append(_ kind: Kind, start: Int, count: Int, line: Int, column: Int) -> Int32 {
        kinds.append(kind)
        starts.append(Int32(start))
        counts.append(Int32(count))
        lines.append(Int32(clamping: line))
        columns.append(Int32(clamping: column))
        nodeFiles.append(currentFile)
        tableOf.append(-1)
        return Int32(kinds.count - 1)
    }

    // MARK: - Reading

    /// The positions in `children` (and `keys`) of `node`'s run.
    func run(of node: Int32) -> Range<Int> {
        let start = Int(starts[Int(node)])
        return start..<(start + Int(counts[Int(node)]))
    }

    /// A mapping's keys and children, in order.
    func pairs(of node: Int32) -> [(key: String?, value: Int32)] {
        run(of: node).map { (keys[$0], children[$0]) }
    }

    /// The text of the scalar `node`, nil for any other.
    func string(_ node: Int32) -> String? {
        kinds[Int(node)] == .scalar ? strings[Int(starts[Int(node)])] : nil
    }

    /// The scalar `node` as Yams would have composed it, for its `ScalarConstructible` conversions.
    func scalar(_ node: Int32) -> Node.Scalar {
        let index = Int(starts[Int(node)])
        return Node.Scalar(strings[index], Tag(tags[index]), styles[index])
    }

    /// True when `node` is YAML's null (`null`, `~`, or nothing), as Yams' `NSNull.construct` reads it.
    func isNull(_ node: Int32) -> Bool {
        guard kinds[Int(node)] == .scalar else { return false }
        let index = Int(starts[Int(node)])
        guard styles[index] == .plain else { return false }
        switch strings[index] {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// "line 3, column 5": where `node` starts, nil when not known; in a part read from another
    /// file, "paths/pets.yaml, line 3, column 5".
    func place(of node: Int32) -> String? {
        guard lines[Int(node)] > 0 else { return nil }
        let place = "line \(lines[Int(node)]), column \(columns[Int(node)])"
        let file = nodeFiles[Int(node)]
        return file == 0 ? place : "\(files[Int(file) - 1]), \(place)"
    }

    /// The child at `key` of the mapping `node` (the last one when the key is repeated), or nil.
    func child(of node: Int32, named key: String) -> Int32? {
        guard kinds[Int(node)] == .mapping else { return nil }
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

    /// `String(describing: type)`.
    func name(of type: Any.Type) -> String {
        if let name = typeNames[ObjectIdentifier(type)] { return name }
        let name = String(describing: type)
        typeNames[ObjectIdentifier(type)] = name
        return name
    }

    /// `key.description`.
    func description(of key: any CodingKey) -> String {
        let name = KeyName(type: ObjectIdentifier(Swift.type(of: key)), string: key.stringValue, int: key.intValue)
        if let description = keyNames[name] { return description }
        let description = key.description
        keyNames[name] = description
        return description
    }

    /// The item at `index` of the sequence `node`, or nil.
    func item(of node: Int32, at index: Int) -> Int32? {
        guard kinds[Int(node)] == .sequence, index >= 0, index < Int(counts[Int(node)]) else { return nil }
        return children[Int(starts[Int(node)]) + index]
    }
}
