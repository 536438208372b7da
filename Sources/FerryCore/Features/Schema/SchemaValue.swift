/// A JSON value compared as JSON Schema compares them (`enum`, `const`, `uniqueItems`): numbers by
/// their exact decimal value (`1` equals `1.0`), strings by their code points (not Swift's
/// canonical equivalence: `é` and `e` with a combining accent differ), objects regardless of member order.
indirect enum SchemaValue: Hashable {
    case null
    case bool(Bool)
    case number(DecimalNumber)
    case string([UInt8])
    case array([SchemaValue])
    case object([String: SchemaValue])

    /// The value of `node` in `document` (a JSON document).
    init(_ node: NodeID, in document: Document) {
        switch document.kind(of: node) {
        case .object:
            var members: [String: SchemaValue] = [:]
            for child in document.children(of: node) { members[document.key(of: child) ?? ""] = SchemaValue(child, in: document) }
            self = .object(members)
        case .array: self = .array(document.children(of: node).map { SchemaValue($0, in: document) })
        case .string: self = .string(Array((document.value(of: node) ?? "").utf8))
        case .bool: self = .bool(document.boolValue(of: node) ?? false)
        case .null: self = .null
        default:
            let literal = document.value(of: node) ?? ""
            self = DecimalNumber(literal).map(SchemaValue.number) ?? .string(Array(literal.utf8))
        }
    }
}
