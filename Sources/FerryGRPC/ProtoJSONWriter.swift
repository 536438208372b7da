import Foundation

/// Turns a message's protobuf bytes into JSON text by its type in a `DescriptorPool`, following
/// the proto3 JSON mapping (as `google.protobuf.json_format.MessageToJson` prints it): 64-bit
/// integers as strings, enums by name (by number when the name is unknown), bytes in base64,
/// fields without presence left out when they hold their default, and the well-known types in
/// their own forms. Fields the type does not declare are kept in `unknownFields`, to be shown.
///
/// Bad bytes are a `ProtoCodecError` naming the field path and byte offset; nothing is allocated
/// by what a length prefix claims before the bytes are known to be there.
public struct ProtoJSONWriter {
    /// Messages nest at most this deep (as protobuf's own parsers limit recursion).
    public static let maximumDepth = 100

    /// A field the message's type does not declare: where it was and its raw value.
    public struct UnknownField: Sendable, Equatable {
        /// The path of the message holding it (`routeguide.Feature.location`).
        public var path: String
        public var number: Int
        public var wireType: WireType
        /// The byte offset of its tag.
        public var offset: Int
        /// The value's bytes as they were on the wire (a varint's bytes, a length-delimited payload…).
        public var bytes: [UInt8]
    }

    let pool: DescriptorPool
    public private(set) var unknownFields: [UnknownField] = []

    public init(pool: DescriptorPool) { self.pool = pool }

    /// The JSON of `bytes` read as a `typeName` message.
    public mutating func json(of bytes: [UInt8], type typeName: String) throws(ProtoCodecError) -> String {
        var out = ""
        try writeMessage(typeName, bytes: bytes, range: 0..<bytes.count, path: typeName, depth: 0, into: &out)
        return out
    }

    // MARK: - Messages

    /// One occurrence of a field on the wire.
    struct Occurrence {
        var wireType: WireType
        var tagOffset: Int
        /// The value's bytes (for a varint, its encoded bytes).
        var range: Range<Int>
    }

    /// Reads the fields of a message into occurrences by field number (in the order numbers first appear).
    func occurrences(_ bytes: [UInt8], _ range: Range<Int>, path: String) throws(ProtoCodecError) -> [(Int, [Occurrence])] {
        var reader = ProtoWireReader(bytes: bytes, range: range)
        var order: [Int] = []
        var table: [Int: [Occurrence]] = [:]
        while !reader.isAtEnd {
            let tagOffset = reader.offset
            let (number, wireType): (Int, WireType)
            do throws(ProtoCodecError) {
                (number, wireType) = try reader.tag()
                let valueStart = wireType == .lengthDelimited ? nil : Optional(reader.offset)
                let value: Range<Int>
                if wireType == .lengthDelimited {
                    value = try reader.lengthDelimited()
                } else {
                    try reader.skip(wireType, number: number)
                    value = valueStart!..<reader.offset
                }
                if table[number] == nil { order.append(number) }
                table[number, default: []].append(Occurrence(wireType: wireType, tagOffset: tagOffset, range: value))
            } catch {
                throw ProtoCodecError(error.problem, path: path, offset: error.offset)
            }
        }
        return order.map { ($0, table[$0]!) }
    }

    mutating func writeMessage(
        _ typeName: String, bytes: [UInt8], range: Range<Int>, path: String, depth: Int, into out: inout String
    ) throws(ProtoCodecError) {
        guard depth < Self.maximumDepth else {
            throw ProtoCodecError("messages nest deeper than \(Self.maximumDepth)", path: path, offset: range.lowerBound)
        }
        if let special = WellKnownType(rawValue: typeName) {
            return try writeWellKnown(special, bytes: bytes, range: range, path: path, depth: depth, into: &out)
        }
        guard let type = pool.message(typeName) else {
            throw ProtoCodecError("the schema has no message type \(typeName)", path: path, offset: range.lowerBound)
        }
        out += "{"
        var first = true
        try writeFields(type, bytes: bytes, range: range, path: path, depth: depth, first: &first, into: &out)
        out += "}"
    }

    /// Writes the members of a message's fields (ordered by number) after `{` or other members.
    mutating func writeFields(
        _ type: ProtoMessageType, bytes: [UInt8], range: Range<Int>, path: String, depth: Int, first: inout Bool,
        into out: inout String
    ) throws(ProtoCodecError) {
        let found = try occurrences(bytes, range, path: path)
        var known: [(ProtoField, [Occurrence])] = []
        for (number, list) in found {
            if let field = type.field(number: number) {
                known.append((field, list))
            } else {
                for occurrence in list {
                    unknownFields.append(
                        UnknownField(
                            path: path, number: number, wireType: occurrence.wireType, offset: occurrence.tagOffset,
                            bytes: Array(bytes[occurrence.range])))
                }
            }
        }
        known.sort { $0.0.number < $1.0.number }
        for (field, list) in known {
            let fieldPath = path + "." + field.name
            var member = ""
            guard try writeField(field, list, bytes: bytes, path: fieldPath, depth: depth, into: &member) else { continue }
            if !first { out += "," }
            first = false
            Self.appendString(field.jsonName, to: &out)
            out += ":"
            out += member
        }
    }

    /// Writes a field's JSON value; false when it is left out (a default without presence).
    mutating func writeField(
        _ field: ProtoField, _ list: [Occurrence], bytes: [UInt8], path: String, depth: Int, into out: inout String
    ) throws(ProtoCodecError) -> Bool {
        if field.kind == .group {
            throw ProtoCodecError("groups are not supported", path: path, offset: list[0].tagOffset)
        }
        if field.isRepeated, field.kind == .message, let entry = pool.message(field.typeName), entry.isMapEntry {
            try writeMap(entry, list, bytes: bytes, path: path, depth: depth, into: &out)
            return true
        }
        if field.isRepeated {
            out += "["
            var first = true
            for occurrence in list {
                if occurrence.wireType == .lengthDelimited, field.wireType != .lengthDelimited {
                    var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
                    while !reader.isAtEnd {
                        if !first { out += "," }
                        first = false
                        out += try scalar(field.kind, typeName: field.typeName, field.wireType, &reader, path: path).json
                    }
                } else {
                    try check(field, occurrence, path: path)
                    if !first { out += "," }
                    first = false
                    try writeValue(field, occurrence, bytes: bytes, path: path, depth: depth, into: &out)
                }
            }
            out += "]"
            return true
        }
        let last = list[list.count - 1]
        try check(field, last, path: path)
        if field.kind == .message {
            if list.count == 1 {
                try writeMessage(field.typeName, bytes: bytes, range: last.range, path: path, depth: depth + 1, into: &out)
            } else {
                // A message field written more than once is the merge of its occurrences: their bytes in a row.
                let merged = list.flatMap { bytes[$0.range] }
                try writeMessage(field.typeName, bytes: merged, range: 0..<merged.count, path: path, depth: depth + 1, into: &out)
            }
            return true
        }
        if field.wireType == .lengthDelimited {
            let value = try lengthDelimitedScalar(field.kind, bytes: bytes, range: last.range, path: path)
            out += value.json
            return field.hasPresence || !value.isDefault
        }
        var reader = ProtoWireReader(bytes: bytes, range: last.range)
        if last.wireType == .lengthDelimited {
            // A singular scalar written packed: its last value counts.
            var value: (json: String, isDefault: Bool)?
            while !reader.isAtEnd { value = try scalar(field.kind, typeName: field.typeName, field.wireType, &reader, path: path) }
            guard let value else { return false }
            out += value.json
            return field.hasPresence || !value.isDefault
        }
        let value = try scalar(field.kind, typeName: field.typeName, field.wireType, &reader, path: path)
        out += value.json
        return field.hasPresence || !value.isDefault
    }

    private func check(_ field: ProtoField, _ occurrence: Occurrence, path: String) throws(ProtoCodecError) {
        guard occurrence.wireType != field.wireType else { return }
        throw ProtoCodecError(
            "field \(field.number) (\(field.name)) came with wire type \(occurrence.wireType.rawValue), "
                + "but its type \(Self.kindName(field)) is written with wire type \(field.wireType.rawValue)",
            path: path, offset: occurrence.tagOffset)
    }

    private mutating func writeValue(
        _ field: ProtoField, _ occurrence: Occurrence, bytes: [UInt8], path: String, depth: Int, into out: inout String
    ) throws(ProtoCodecError) {
        if field.kind == .message {
            try writeMessage(field.typeName, bytes: bytes, range: occurrence.range, path: path, depth: depth + 1, into: &out)
        } else {
            var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
            if field.wireType == .lengthDelimited {
                // A string or bytes value: the occurrence's range is its payload already.
                out += try lengthDelimitedScalar(field.kind, bytes: bytes, range: occurrence.range, path: path).json
            } else {
                out += try scalar(field.kind, typeName: field.typeName, field.wireType, &reader, path: path).json
            }
        }
    }

    private mutating func writeMap(
        _ entry: ProtoMessageType, _ list: [Occurrence], bytes: [UInt8], path: String, depth: Int, into out: inout String
    ) throws(ProtoCodecError) {
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw ProtoCodecError("map entry \(entry.fullName) lacks its key or value field", path: path)
        }
        var members: [(key: String, value: String)] = []
        for occurrence in list {
            guard occurrence.wireType == .lengthDelimited else {
                throw ProtoCodecError(
                    "a map entry came with wire type \(occurrence.wireType.rawValue), not 2", path: path, offset: occurrence.tagOffset)
            }
            let fields = try occurrences(bytes, occurrence.range, path: path)
            var key = Self.defaultJSON(keyField, pool: pool)
            var value = Self.defaultJSON(valueField, pool: pool)
            for (number, values) in fields {
                guard let field = number == 1 ? keyField : number == 2 ? valueField : nil else { continue }
                var text = ""
                _ = try writeField(
                    Self.present(field), [values[values.count - 1]], bytes: bytes, path: path + "[]", depth: depth, into: &text)
                if number == 1 { key = text } else { value = text }
            }
            let keyText = key.hasPrefix("\"") ? key : "\"" + key + "\""
            if let index = members.firstIndex(where: { $0.key == keyText }) {
                members[index].value = value
            } else {
                members.append((keyText, value))
            }
        }
        out += "{" + members.map { $0.key + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// A map entry's key or value field, written even when it holds its default.
    private static func present(_ field: ProtoField) -> ProtoField {
        var present = field
        present.hasPresence = true
        return present
    }

    /// The JSON of a map key or value that is absent from its entry.
    private static func defaultJSON(_ field: ProtoField, pool: DescriptorPool) -> String {
        switch field.kind {
        case .string: "\"\""
        case .bytes: "\"\""
        case .bool: "false"
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: "\"0\""
        case .enum: pool.enumType(field.typeName)?.name(of: 0).map { "\"\($0)\"" } ?? "0"
        case .message: "{}"
        default: "0"
        }
    }

    // MARK: - Scalars

    /// Reads one scalar of `kind` and returns its JSON and whether it is the type's default.
    func scalar(
        _ kind: ProtoField.Kind, typeName: String, _ wireType: WireType, _ reader: inout ProtoWireReader, path: String
    ) throws(ProtoCodecError) -> (json: String, isDefault: Bool) {
        let start = reader.offset
        do throws(ProtoCodecError) {
            switch kind {
            case .double:
                let value = Double(bitPattern: try reader.fixed64())
                return (Self.number(value), value == 0 && value.sign == .plus)
            case .float:
                let value = Float(bitPattern: try reader.fixed32())
                return (Self.number(value), value == 0 && value.sign == .plus)
            case .int64, .sfixed64, .sint64:
                let raw = kind == .sfixed64 ? try reader.fixed64() : try reader.varint()
                let value = kind == .sint64 ? ProtoWireWriter.unZigZag(raw) : Int64(bitPattern: raw)
                return ("\"\(value)\"", value == 0)
            case .uint64, .fixed64:
                let value = kind == .fixed64 ? try reader.fixed64() : try reader.varint()
                return ("\"\(value)\"", value == 0)
            case .int32, .sfixed32, .sint32:
                let value: Int32
                switch kind {
                case .sfixed32: value = Int32(bitPattern: try reader.fixed32())
                case .sint32: value = Int32(truncatingIfNeeded: ProtoWireWriter.unZigZag(try reader.varint()))
                default: value = Int32(truncatingIfNeeded: try reader.varint())
                }
                return ("\(value)", value == 0)
            case .uint32, .fixed32:
                let value = kind == .fixed32 ? try reader.fixed32() : UInt32(truncatingIfNeeded: try reader.varint())
                return ("\(value)", value == 0)
            case .bool:
                let value = try reader.varint()
                return (value != 0 ? "true" : "false", value == 0)
            case .enum:
                let value = Int32(truncatingIfNeeded: try reader.varint())
                if let name = pool.enumType(typeName)?.name(of: value) { return ("\"\(name)\"", value == 0) }
                return ("\(value)", value == 0)
            case .string, .bytes:
                let range = try reader.lengthDelimited()
                return try lengthDelimitedScalar(kind, bytes: reader.bytes, range: range, path: path)
            default:
                throw ProtoCodecError("a \(kind) value cannot be read as a scalar", offset: start)
            }
        } catch {
            throw ProtoCodecError(error.problem, path: path, offset: error.offset ?? start)
        }
    }

    /// A string or bytes value's JSON from its length-delimited payload.
    func lengthDelimitedScalar(
        _ kind: ProtoField.Kind, bytes: [UInt8], range: Range<Int>, path: String
    ) throws(ProtoCodecError) -> (json: String, isDefault: Bool) {
        var out = ""
        Self.appendString(try lengthDelimitedText(kind, bytes: bytes, range: range, path: path), to: &out)
        return (out, range.isEmpty)
    }

    /// A string's text (or bytes' base64) from a length-delimited payload.
    func lengthDelimitedText(_ kind: ProtoField.Kind, bytes: [UInt8], range: Range<Int>, path: String) throws(ProtoCodecError) -> String {
        if kind == .bytes { return Data(bytes[range]).base64EncodedString() }
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw ProtoCodecError("a string field holds bytes that are not UTF-8", path: path, offset: range.lowerBound)
        }
        return text
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        return "\(value)"
    }

    static func number(_ value: Float) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        return "\(value)"
    }

    static func kindName(_ field: ProtoField) -> String {
        field.typeName.isEmpty ? "\(field.kind)" : field.typeName
    }

    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
