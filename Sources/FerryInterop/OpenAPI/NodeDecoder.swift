import Foundation
import Yams

/// Decodes a `Decodable` from a composed YAML node as Yams' `YAMLDecoder` does — the same scalar
/// conversions (`ScalarConstructible`), merge keys, `DecodingError`s and coding paths — without its
/// cost per key: Yams looks a key up by building a `Node` (and copying its `Tag`, a class) and
/// comparing it with each pair from the end, and flattens a mapping again for every container.
/// OpenAPIKit asks each schema object for some forty keys, so decoding a 3 MB OpenAPI document
/// through Yams took 8 s (Benchmarks/README.md, issue 28). Here a mapping's keys are read once
/// per container, as strings, and looked up by string (by a dictionary in a large mapping).
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(_ node: Node, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.node = node
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// Decodes `type` from `node`.
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try NodeDecoder(node, userInfo: userInfo).decodeValue(type)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, pairs: Self.flattened(mapping)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw mismatch(Node.Sequence.self) }
        return UnkeyedContainer(decoder: self, nodes: Array(sequence))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    /// The decoder of `child`, found at `key`.
    func child(_ child: Node, at key: any CodingKey) -> NodeDecoder {
        NodeDecoder(child, codingPath: codingPath + [key], userInfo: userInfo)
    }

    /// `type` from this node: a scalar type through its `ScalarConstructible` conversion, any other
    /// through its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let constructible = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else { throw mismatch(Node.Scalar.self) }
        guard let value = constructible.construct(from: scalar) as? T else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found Scalar instead."))
        }
        return value
    }

    /// True when this node is YAML's null (`null`, `~`, or nothing).
    var isNull: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return NSNull.construct(from: scalar) != nil
    }

    /// The error Yams gives when the node is not of the shape asked for.
    func mismatch(_ expectation: Any.Type) -> DecodingError {
        let reality: String
        switch node {
        case .scalar: reality = "Scalar"
        case .mapping: reality = "Mapping"
        case .sequence: reality = "Sequence"
        case .alias: reality = "Alias"
        }
        return .typeMismatch(
            expectation, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expectation) but found \(reality) instead."))
    }

    /// A mapping's pairs with YAML merge keys (`<<: *base`) applied as Yams applies them: the merged
    /// pairs first, so the mapping's own win when a key is looked up from the end.
    static func flattened(_ mapping: Node.Mapping) -> [(key: String?, value: Node)] {
        var merged: [(key: String?, value: Node)] = []
        var own: [(key: String?, value: Node)] = []
        own.reserveCapacity(mapping.count)
        for pair in mapping {
            guard case .scalar(let key) = pair.key, key.string == "<<", key.style == .plain else {
                own.append((pair.key.string, pair.value))
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
}

/// A mapping's keys as strings, looked up from the end (the last of a repeated key wins, as in Yams).
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let pairs: [(key: String?, value: Node)]
    /// The index of each key in a large mapping (`paths`, `components.schemas`), nil in a small one.
    let index: [String: Int]?

    init(decoder: NodeDecoder, pairs: [(key: String?, value: Node)]) {
        self.decoder = decoder
        self.pairs = pairs
        if pairs.count > 16 {
            var index: [String: Int] = [:]
            for (offset, pair) in pairs.enumerated() { if let key = pair.key { index[key] = offset } }
            self.index = index
        } else {
            index = nil
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { pairs.compactMap { $0.key.flatMap(Key.init(stringValue:)) } }

    private func value(_ key: any CodingKey) -> Node? {
        if let index { return index[key.stringValue].map { pairs[$0].value } }
        let name = key.stringValue
        return pairs.last { $0.key == name }?.value
    }

    private func child(_ key: any CodingKey) throws -> NodeDecoder {
        guard let node = value(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(node, at: key)
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }
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
    let nodes: [Node]
    var currentIndex = 0

    init(decoder: NodeDecoder, nodes: [Node]) {
        self.decoder = decoder
        self.nodes = nodes
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { nodes.count }
    var isAtEnd: Bool { currentIndex >= nodes.count }

    /// The next element's decoder, and the index moved past it once `body` succeeds.
    private mutating func next<T>(_ type: T.Type, _ body: (NodeDecoder) throws -> T) throws -> T {
        let key = IndexKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let value = try body(decoder.child(nodes[currentIndex], at: key))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            let key = IndexKey(intValue: currentIndex)
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let isNull = decoder.child(nodes[currentIndex], at: IndexKey(intValue: currentIndex)).isNull
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
