import FerryCore
import Foundation

/// Turns JSON text into a message's protobuf bytes by its type in a `DescriptorPool`, following the
/// proto3 JSON mapping (as `google.protobuf.json_format.Parse` reads it): fields by JSON or proto
/// name, integers as numbers or strings, enums by name or number, bytes in base64 (standard or
/// URL-safe), `null` for "not set", and the well-known types in their own forms.
///
/// A problem is a `ProtoCodecError` with the JSON pointer and byte offset of the value at fault.
public struct ProtoJSONReader {
    let pool: DescriptorPool
    var document: Document!

    public init(pool: DescriptorPool) { self.pool = pool }

    /// The protobuf bytes of `json`, a `typeName` message.
    public mutating func message(fromJSON json: Data, type typeName: String) throws(ProtoCodecError) -> [UInt8] {
        do {
            document = try JSONParser.parse(json)
        } catch {
            throw ProtoCodecError(
                "the JSON does not parse: \(error.message)\(error.expected.map { " (expected \($0))" } ?? "") at line \(error.line), column \(error.column)",
                offset: error.offset)
        }
        guard let root = document.topLevelNodes.first, document.topLevelNodes.count == 1 else {
            throw ProtoCodecError("the JSON holds \(document.topLevelNodes.count) values, not one message", offset: 0)
        }
        return try encodeMessage(typeName, root, pointer: "", depth: 0)
    }

    // MARK: - Messages

    func failure(_ problem: String, _ node: NodeID, _ pointer: String) -> ProtoCodecError {
        ProtoCodecError(problem, path: pointer, offset: document.byteRange(of: node).lowerBound)
    }

    func encodeMessage(_ typeName: String, _ node: NodeID, pointer: String, depth: Int) throws(ProtoCodecError) -> [UInt8] {
        guard depth < ProtoJSONWriter.maximumDepth else {
            throw failure("messages nest deeper than \(ProtoJSONWriter.maximumDepth)", node, pointer)
        }
        if let special = WellKnownType(rawValue: typeName) {
            return try encodeWellKnown(special, node, pointer: pointer, depth: depth)
        }
        guard let type = pool.message(typeName) else { throw failure("the schema has no message type \(typeName)", node, pointer) }
        guard document.kind(of: node) == .object else {
            throw failure("a \(typeName) is written as a JSON object, not \(describe(node))", node, pointer)
        }
        var writer = ProtoWireWriter()
        try encodeFields(type, members: Array(document.children(of: node)), pointer: pointer, depth: depth, into: &writer)
        return writer.bytes
    }

    /// Encodes an object's members as `type`'s fields (an Any's members after `@type` too).
    func encodeFields(
        _ type: ProtoMessageType, members: [NodeID], pointer: String, depth: Int, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        var seen: Set<Int> = []
        var oneofs: [Int: String] = [:]
        for member in members {
            let key = document.key(of: member) ?? ""
            let memberPointer = pointer + "/" + Self.escaped(key)
            guard let field = type.field(named: key) else {
                throw failure("\(type.fullName) has no field \"\(key)\"", member, memberPointer)
            }
            guard seen.insert(field.number).inserted else { throw failure("field \(field.name) is given twice", member, memberPointer) }
            let isNull = document.kind(of: member) == .null
            if isNull, field.typeName != WellKnownType.value.rawValue || field.isRepeated { continue }
            if let oneof = field.oneofIndex {
                if let other = oneofs[oneof] {
                    throw failure("fields \(other) and \(field.name) are both of oneof \(type.oneofs[oneof])", member, memberPointer)
                }
                oneofs[oneof] = field.name
            }
            try encodeField(field, member, pointer: memberPointer, depth: depth, into: &writer)
        }
    }

    func encodeField(
        _ field: ProtoField, _ node: NodeID, pointer: String, depth: Int, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        if field.isRepeated, field.kind == .message, let entry = pool.message(field.typeName), entry.isMapEntry {
            return try encodeMap(field, entry, node, pointer: pointer, depth: depth, into: &writer)
        }
        if field.isRepeated {
            guard document.kind(of: node) == .array else { throw failure("field \(field.name) is repeated: write an array", node, pointer) }
            if field.isPacked {
                var packed = ProtoWireWriter()
                for (index, item) in document.children(of: node).enumerated() {
                    try encodeScalar(field.kind, typeName: field.typeName, item, pointer: pointer + "/\(index)", into: &packed)
                }
                if !packed.bytes.isEmpty { writer.lengthDelimited(field.number, packed.bytes) }
                return
            }
            for (index, item) in document.children(of: node).enumerated() {
                if document.kind(of: item) == .null, field.typeName != WellKnownType.value.rawValue {
                    throw failure("a repeated field cannot hold null", item, pointer + "/\(index)")
                }
                try encodeSingle(field, item, pointer: pointer + "/\(index)", depth: depth, into: &writer)
            }
            return
        }
        try encodeSingle(field, node, pointer: pointer, depth: depth, into: &writer)
    }

    func encodeSingle(
        _ field: ProtoField, _ node: NodeID, pointer: String, depth: Int, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        switch field.kind {
        case .message:
            writer.lengthDelimited(field.number, try encodeMessage(field.typeName, node, pointer: pointer, depth: depth + 1))
        case .group:
            throw failure("groups are not supported", node, pointer)
        case .string, .bytes:
            var value = ProtoWireWriter()
            try encodeScalar(field.kind, typeName: field.typeName, node, pointer: pointer, into: &value)
            writer.tag(field.number, .lengthDelimited)
            writer.append(value.bytes)
        default:
            writer.tag(field.number, field.wireType)
            try encodeScalar(field.kind, typeName: field.typeName, node, pointer: pointer, into: &writer)
        }
    }

    func encodeMap(
        _ field: ProtoField, _ entry: ProtoMessageType, _ node: NodeID, pointer: String, depth: Int, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        guard document.kind(of: node) == .object else { throw failure("field \(field.name) is a map: write an object", node, pointer) }
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw failure("map entry \(entry.fullName) lacks its key or value field", node, pointer)
        }
        for member in document.children(of: node) {
            let key = document.key(of: member) ?? ""
            let memberPointer = pointer + "/" + Self.escaped(key)
            var pair = ProtoWireWriter()
            pair.tag(1, keyField.wireType)
            try encodeMapKey(keyField.kind, key, member, pointer: memberPointer, into: &pair)
            if document.kind(of: member) == .null, valueField.typeName != WellKnownType.value.rawValue {
                throw failure("a map value cannot be null", member, memberPointer)
            }
            try encodeSingle(valueField, member, pointer: memberPointer, depth: depth, into: &pair)
            writer.lengthDelimited(field.number, pair.bytes)
        }
    }

    private func encodeMapKey(
        _ kind: ProtoField.Kind, _ key: String, _ node: NodeID, pointer: String, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        switch kind {
        case .string:
            writer.varint(UInt64(key.utf8.count))
            writer.append(Array(key.utf8))
        case .bool:
            guard key == "true" || key == "false" else {
                throw failure("a bool map key is \"true\" or \"false\", not \"\(key)\"", node, pointer)
            }
            writer.varint(key == "true" ? 1 : 0)
        default:
            try encodeInteger(kind, text: key, node, pointer: pointer, into: &writer)
        }
    }

    // MARK: - Scalars

    func encodeScalar(
        _ kind: ProtoField.Kind, typeName: String, _ node: NodeID, pointer: String, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        let nodeKind = document.kind(of: node)
        let text = document.value(of: node) ?? ""
        switch kind {
        case .string:
            guard nodeKind == .string else { throw failure("expected a string, found \(describe(node))", node, pointer) }
            writer.varint(UInt64(text.utf8.count))
            writer.append(Array(text.utf8))
        case .bytes:
            guard nodeKind == .string else { throw failure("expected base64 bytes in a string, found \(describe(node))", node, pointer) }
            guard let data = Self.base64(text) else { throw failure("the string is not base64", node, pointer) }
            writer.varint(UInt64(data.count))
            writer.append(Array(data))
        case .bool:
            guard nodeKind == .bool else { throw failure("expected true or false, found \(describe(node))", node, pointer) }
            writer.varint(text == "true" ? 1 : 0)
        case .double, .float:
            let value: Double
            switch (nodeKind, text) {
            case (.string, "NaN"): value = .nan
            case (.string, "Infinity"): value = .infinity
            case (.string, "-Infinity"): value = -.infinity
            case (.number, _), (.string, _):
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite, !text.isEmpty else {
                    throw failure("expected a number, found \(describe(node))", node, pointer)
                }
                value = number
            default: throw failure("expected a number, found \(describe(node))", node, pointer)
            }
            if kind == .double {
                writer.fixed64(value.bitPattern)
            } else {
                guard !value.isFinite || abs(value) <= Double(Float.greatestFiniteMagnitude) else {
                    throw failure("\(text) is out of a float's range", node, pointer)
                }
                writer.fixed32(Float(value).bitPattern)
            }
        case .enum:
            if nodeKind == .string {
                guard let number = pool.enumType(typeName)?.number(of: text) else {
                    throw failure("\(typeName) has no value \(text)", node, pointer)
                }
                writer.varint(UInt64(bitPattern: Int64(number)))
            } else {
                guard nodeKind == .number, let number = Int32(text) else {
                    throw failure("expected an enum name or number, found \(describe(node))", node, pointer)
                }
                writer.varint(UInt64(bitPattern: Int64(number)))
            }
        default:
            guard nodeKind == .number || nodeKind == .string else {
                throw failure("expected an integer, found \(describe(node))", node, pointer)
            }
            try encodeInteger(kind, text: text, node, pointer: pointer, into: &writer)
        }
    }

    /// An integer kind from its decimal text (a JSON number, possibly with an exponent, or a string).
    private func encodeInteger(
        _ kind: ProtoField.Kind, text: String, _ node: NodeID, pointer: String, into writer: inout ProtoWireWriter
    ) throws(ProtoCodecError) {
        let signed: Bool
        let bits: Int
        switch kind {
        case .int32, .sint32, .sfixed32: (signed, bits) = (true, 32)
        case .uint32, .fixed32: (signed, bits) = (false, 32)
        case .int64, .sint64, .sfixed64: (signed, bits) = (true, 64)
        default: (signed, bits) = (false, 64)
        }
        var exact: Int64?
        var unsigned: UInt64?
        if let value = Int64(text) {
            exact = value
        } else if let value = UInt64(text) {
            unsigned = value
        } else if let double = Double(text), double.rounded() == double, abs(double) < 9.007_199_254_740_992e15 {
            exact = Int64(double)
        } else {
            throw failure("\(text.isEmpty ? "\"\"" : text) is not an integer", node, pointer)
        }
        let outOfRange = failure("\(text) is out of the range of \(kind)", node, pointer)
        if let big = unsigned {
            guard !signed, bits == 64 else { throw outOfRange }
            return kind == .fixed64 ? writer.fixed64(big) : writer.varint(big)
        }
        let value = exact!
        if signed {
            if bits == 32, value < Int64(Int32.min) || value > Int64(Int32.max) { throw outOfRange }
            switch kind {
            case .sint32, .sint64: writer.varint(ProtoWireWriter.zigZag(value))
            case .sfixed32: writer.fixed32(UInt32(bitPattern: Int32(value)))
            case .sfixed64: writer.fixed64(UInt64(bitPattern: value))
            default: writer.varint(UInt64(bitPattern: value))
            }
        } else {
            guard value >= 0, bits == 64 || value <= Int64(UInt32.max) else { throw outOfRange }
            switch kind {
            case .fixed32: writer.fixed32(UInt32(value))
            case .fixed64: writer.fixed64(UInt64(value))
            default: writer.varint(UInt64(value))
            }
        }
    }

    func describe(_ node: NodeID) -> String {
        switch document.kind(of: node) {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "the number \(document.literal(of: node))"
        case .bool: document.literal(of: node)
        default: "null"
        }
    }

    /// A JSON pointer token (RFC 6901).
    static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Standard or URL-safe base64, padded or not.
    static func base64(_ text: String) -> Data? {
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normalized.count % 4 != 0 { normalized += "=" }
        return Data(base64Encoded: normalized)
    }
}
