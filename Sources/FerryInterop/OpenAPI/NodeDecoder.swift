import Yams

/// Decodes a `Decodable` from a YAML document's `DecodingTree` as Yams' `YAMLDecoder` does — the same scalar
/// conversions (`ScalarConstructible`), merge keys, `DecodingError`s and coding paths — without its
/// cost per key: Yams looks a key up by building a `Node` (and copying its `Tag`, a class) and
/// comparing it with each pair from the end, and flattens a mapping again for every container.
/// OpenAPIKit asks each schema object for some forty keys, so decoding a 3 MB OpenAPI document
/// through Yams took 8 s (Benchmarks/README.md, issue 28). Here the document is laid out once as a
/// `DecodingTree`, a decoder is an index into it and its key, and a coding path is a link to its
/// container's, made once per container (not per key) and into a list only when asked for.
struct NodeDecoder: Decoder {
    let tree: DecodingTree
    let node: Int32
    /// The place of the container the node was found in, and the key it was found at (nil for the root).
    private let parent: CodingPathLink?
    private let key: (any CodingKey)?
    let userInfo: [CodingUserInfoKey: Any]

    var codingPath: [any CodingKey] { link?.keys ?? [] }

    /// This decoder's place, for the containers it opens.
    fileprivate var link: CodingPathLink? { key.map { CodingPathLink(parent: parent, key: $0) } ?? parent }

    /// Decodes `type` from the root of `tree`.
    static func decode<T: Decodable>(_ type: T.Type, from tree: DecodingTree, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try NodeDecoder(tree: tree, node: tree.root, parent: nil, key: nil, userInfo: userInfo).decodeValue(type)
    }

    private var kind: DecodingTree.Kind { tree.kinds[Int(node)] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard kind == .mapping else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard kind == .sequence else { throw mismatch(Node.Sequence.self) }
        return UnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    /// The decoder of the node `child`, found at `key` in the container whose place is `link`.
    fileprivate func child(_ child: Int32, at key: any CodingKey, in link: CodingPathLink?) -> NodeDecoder {
        NodeDecoder(tree: tree, node: child, parent: link, key: key, userInfo: userInfo)
    }

    /// `type` from this node: a scalar type through its `ScalarConstructible` conversion, any other
    /// through its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let constructible = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard kind == .scalar else { throw mismatch(Node.Scalar.self) }
        guard let value = constructible.construct(from: tree.scalar(node)) as? T else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(tree.name(of: type)) but found Scalar instead.")
            )
        }
        return value
    }

    /// True when this node is YAML's null (`null`, `~`, or nothing).
    var isNull: Bool { tree.isNull(node) }

    /// The error Yams gives when the node is not of the shape asked for.
    func mismatch(_ expectation: Any.Type) -> DecodingError {
        let reality: String
        switch kind {
        case .scalar: reality = "Scalar"
        case .mapping: reality = "Mapping"
        case .sequence: reality = "Sequence"
        case .alias: reality = "Alias"
        }
        return .typeMismatch(
            expectation,
            .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(tree.name(of: expectation)) but found \(reality) instead."))
    }
}

/// A decoder's place: its key and its parent's place, shared by every child's link.
private final class CodingPathLink {
    let parent: CodingPathLink?
    let key: any CodingKey

    init(parent: CodingPathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the root to here.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link: CodingPathLink? = self
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// A mapping's keys as strings, looked up from the end (the last of a repeated key wins, as in Yams).
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let link: CodingPathLink?

    init(decoder: NodeDecoder) {
        self.decoder = decoder
        link = decoder.link
    }

    var codingPath: [any CodingKey] { link?.keys ?? [] }

    var allKeys: [Key] {
        let tree = decoder.tree
        let start = Int(tree.starts[Int(decoder.node)])
        return tree.keys[start..<(start + Int(tree.counts[Int(decoder.node)]))].compactMap { $0.flatMap(Key.init(stringValue:)) }
    }

    private func child(_ key: any CodingKey) throws -> NodeDecoder {
        guard let node = decoder.tree.child(of: decoder.node, named: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(decoder.tree.description(of: key)) (\"\(key.stringValue)\")."))
        }
        return decoder.child(node, at: key, in: link)
    }

    func contains(_ key: Key) -> Bool { decoder.tree.child(of: decoder.node, named: key.stringValue) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try child(key).isNull }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { try child(NameKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let link: CodingPathLink?
    /// The sequence's first element in the tree's `children`, and how many there are.
    let start: Int
    let elements: Int
    var currentIndex = 0

    init(decoder: NodeDecoder) {
        self.decoder = decoder
        link = decoder.link
        start = Int(decoder.tree.starts[Int(decoder.node)])
        elements = Int(decoder.tree.counts[Int(decoder.node)])
    }

    var codingPath: [any CodingKey] { link?.keys ?? [] }
    var count: Int? { elements }
    var isAtEnd: Bool { currentIndex >= elements }

    private var current: Int32 { decoder.tree.children[start + currentIndex] }

    /// The next element's decoder, and the index moved past it once `body` succeeds.
    private mutating func next<T>(_ type: T.Type, _ body: (NodeDecoder) throws -> T) throws -> T {
        let key = IndexKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let value = try body(decoder.child(current, at: key, in: link))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            let key = IndexKey(intValue: currentIndex)
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let isNull = decoder.tree.isNull(current)
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decodeValue(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { try next(NodeDecoder.self) { $0 } }
}

private struct SingleValue: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.isNull }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

/// An element's place in a sequence, in coding paths.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// A key by its name, for the `super` key of `superDecoder()`.
private struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
