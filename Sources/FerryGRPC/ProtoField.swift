import SwiftProtobuf

/// One field of a message type, as the codec needs it: resolved from its `FieldDescriptorProto`.
public struct ProtoField: Sendable {
    public typealias Kind = Google_Protobuf_FieldDescriptorProto.TypeEnum

    public let number: Int
    public let name: String
    /// The proto3 JSON name (lowerCamelCase unless the file gave another).
    public let jsonName: String
    public let kind: Kind
    public let isRepeated: Bool
    /// The message or enum type's full name without the leading dot ("" for scalars).
    public let typeName: String
    /// A repeated scalar written packed (proto3's and editions' default; proto2's `[packed = true]`).
    public let isPacked: Bool
    /// Whether an absent field differs from its default: messages, `optional`, oneof members, proto2 fields.
    public internal(set) var hasPresence: Bool
    /// The oneof it belongs to (a real one, not a proto3 `optional`'s synthetic oneof).
    public let oneofIndex: Int?

    /// `defaults`: the file's and enclosing messages' (the field's own features are applied here).
    init(_ field: Google_Protobuf_FieldDescriptorProto, defaults: ProtoFieldDefaults) {
        let defaults = defaults.applying(field.options.features)
        number = Int(field.number)
        name = field.name
        jsonName = field.hasJsonName ? field.jsonName : Self.camelCase(field.name)
        kind = field.type
        isRepeated = field.label == .repeated
        typeName = field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName
        let scalar = ![.string, .bytes, .message, .group].contains(field.type)
        isPacked = isRepeated && scalar && (field.options.hasPacked ? field.options.packed : defaults.packed)
        let inOneof = field.hasOneofIndex && !field.proto3Optional
        oneofIndex = inOneof ? Int(field.oneofIndex) : nil
        hasPresence =
            !isRepeated && (field.type == .message || field.type == .group || field.proto3Optional || inOneof || !defaults.implicitPresence)
    }

    /// `foo_bar_baz` → `fooBarBaz`, as protoc derives JSON names.
    static func camelCase(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else if upper {
                result += character.uppercased()
                upper = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The wire type the field's values use, unpacked.
    var wireType: WireType {
        switch kind {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        default: .varint
        }
    }
}
