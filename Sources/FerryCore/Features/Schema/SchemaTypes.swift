/// The JSON types a `type` keyword allows, as a set.
struct SchemaTypes: OptionSet {
    let rawValue: UInt8

    static let null = SchemaTypes(rawValue: 1 << 0)
    static let boolean = SchemaTypes(rawValue: 1 << 1)
    static let object = SchemaTypes(rawValue: 1 << 2)
    static let array = SchemaTypes(rawValue: 1 << 3)
    static let number = SchemaTypes(rawValue: 1 << 4)
    static let string = SchemaTypes(rawValue: 1 << 5)
    static let integer = SchemaTypes(rawValue: 1 << 6)

    /// The type a `type` keyword names, or nil for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The names, for messages (`string or null`).
    var names: String {
        let all: [(SchemaTypes, String)] = [
            (.null, "null"), (.boolean, "boolean"), (.object, "object"), (.array, "array"), (.number, "number"), (.string, "string"),
            (.integer, "integer"),
        ]
        return all.filter { contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}
