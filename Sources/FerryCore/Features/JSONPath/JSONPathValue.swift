/// A ValueType value while a filter is evaluated: a node of the document, a literal, or Nothing
/// (RFC 9535 §2.4.1), compared with §2.3.5.2.2's rules.
enum JSONPathValue {
    case nothing
    case node(NodeID)
    case literal(JSONPathLiteral)

    /// The comparison `self op other`.
    func compare(_ comparison: Assertion.Predicate.Comparison, _ other: JSONPathValue, in document: Document) -> Bool {
        switch comparison {
        case .equal: equals(other, in: document)
        case .notEqual: !equals(other, in: document)
        case .less: precedes(other, in: document)
        case .lessOrEqual: precedes(other, in: document) || equals(other, in: document)
        case .greater: other.precedes(self, in: document)
        case .greaterOrEqual: other.precedes(self, in: document) || equals(other, in: document)
        }
    }

    /// Nothing equals only Nothing; numbers compare by value, strings by Unicode scalars, arrays
    /// and objects member by member.
    func equals(_ other: JSONPathValue, in document: Document) -> Bool {
        switch (self, other) {
        case (.nothing, .nothing): return true
        case (.nothing, _), (_, .nothing): return false
        case (.node(let a), .node(let b)): return Self.nodesEqual(a, b, in: document)
        default: break
        }
        guard let a = primitive(in: document), let b = other.primitive(in: document) else { return false }
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// `<`: only between two numbers or two strings (by Unicode scalar values).
    func precedes(_ other: JSONPathValue, in document: Document) -> Bool {
        switch (primitive(in: document), other.primitive(in: document)) {
        case (.number(let x)?, .number(let y)?): x < y
        case (.string(let x)?, .string(let y)?): x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        default: false
        }
    }

    /// The value as a literal when it is a primitive (nil for Nothing, arrays and objects).
    func primitive(in document: Document) -> JSONPathLiteral? {
        switch self {
        case .nothing: nil
        case .literal(let literal): literal
        case .node(let node): Self.primitive(of: node, in: document)
        }
    }

    /// A node's primitive value; nil for containers.
    static func primitive(of node: NodeID, in document: Document) -> JSONPathLiteral? {
        switch document.kind(of: node) {
        case .object, .array, .element, .dictionary: nil
        case .number, .integer, .real: document.doubleValue(of: node).map(JSONPathLiteral.number)
        case .bool: .bool(document.boolValue(of: node) ?? false)
        case .null: .null
        default: .string(document.value(of: node) ?? "")
        }
    }

    private static func nodesEqual(_ a: NodeID, _ b: NodeID, in document: Document) -> Bool {
        let kinds = (Self.container(document.kind(of: a)), Self.container(document.kind(of: b)))
        switch kinds {
        case (nil, nil):
            guard let x = primitive(of: a, in: document), let y = primitive(of: b, in: document) else { return false }
            return JSONPathValue.literal(x).equals(.literal(y), in: document)
        case (true?, true?):
            let left = Array(document.children(of: a))
            let right = Array(document.children(of: b))
            return left.count == right.count && zip(left, right).allSatisfy { nodesEqual($0, $1, in: document) }
        case (false?, false?):
            let left = Array(document.children(of: a))
            let right = Array(document.children(of: b))
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in
                guard let name = document.key(of: member), let match = document.member(of: b, named: name) else { return false }
                return nodesEqual(member, match, in: document)
            }
        default: return false
        }
    }

    /// true for arrays, false for objects, nil for primitives.
    private static func container(_ kind: NodeKind) -> Bool? {
        switch kind {
        case .array: true
        case .object, .dictionary, .element: false
        default: nil
        }
    }
}
