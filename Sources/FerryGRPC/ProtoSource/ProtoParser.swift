import Foundation
import SwiftProtobuf

/// Parses one `.proto` file (proto2, proto3 or editions) into a `FileDescriptorProto` as protoc's
/// parser does, before names are resolved (`ProtoLinker` does that): map fields become their
/// `…Entry` types, groups their nested types, proto3 `optional` a synthetic oneof, reserved and
/// extension ranges end-exclusive, options set on their descriptor's options message.
struct ProtoParser {
    typealias Field = Google_Protobuf_FieldDescriptorProto
    typealias Message = Google_Protobuf_DescriptorProto

    /// Messages nested deeper than this are refused (protoc's own limit is near it).
    static let maximumDepth = 64

    let file: String
    private var tokens: [ProtoToken]
    private var index = 0
    private var result = ProtoParsedFile(descriptor: Google_Protobuf_FileDescriptorProto())
    private var syntax = "proto2"
    private var depth = 0

    init(file: String, tokens: [ProtoToken]) {
        self.file = file
        self.tokens = tokens
    }

    static func parse(file: String, text: [UInt8]) throws(ProtoSourceError) -> ProtoParsedFile {
        var parser = ProtoParser(file: file, tokens: try ProtoLexer.tokens(file: file, bytes: text))
        return try parser.parseFile()
    }

    // MARK: - Tokens

    private var token: ProtoToken { tokens[index] }
    private var location: ProtoParsedFile.Location { .init(line: token.line, column: token.column) }

    private func error(_ problem: String, at token: ProtoToken? = nil) -> ProtoSourceError {
        let token = token ?? self.token
        return ProtoSourceError(file: file, line: token.line, column: token.column, problem)
    }

    private var shown: String {
        switch token.kind {
        case .end: "the end of the file"
        case .string: "the string \(token.text)"
        default: "\"\(token.text)\""
        }
    }

    private mutating func take() -> ProtoToken {
        let current = token
        if index < tokens.count - 1 { index += 1 }
        return current
    }

    private mutating func accept(_ symbol: Character) -> Bool {
        guard token.isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func acceptWord(_ word: String) -> Bool {
        guard token.isWord(word) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: Character, _ context: String) throws(ProtoSourceError) {
        guard accept(symbol) else { throw error("expected \"\(symbol)\" \(context), found \(shown)") }
    }

    private mutating func identifier(_ what: String) throws(ProtoSourceError) -> String {
        guard token.kind == .identifier else { throw error("expected \(what), found \(shown)") }
        return take().text
    }

    /// `a.b.c`, or `.a.b.c` when `leadingDot`.
    private mutating func dottedName(_ what: String, leadingDot: Bool = false) throws(ProtoSourceError) -> String {
        var name = leadingDot && accept(".") ? "." : ""
        name += try identifier(what)
        while accept(".") { name += "." + (try identifier(what)) }
        return name
    }

    private mutating func stringLiteral(_ what: String) throws(ProtoSourceError) -> String {
        guard token.kind == .string else { throw error("expected \(what) (a quoted string), found \(shown)") }
        let bytes = take().bytes
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func integer(_ what: String, range: ClosedRange<Int64>) throws(ProtoSourceError) -> Int64 {
        let negative = accept("-")
        guard token.kind == .integer, let magnitude = Self.integerValue(token.text) else {
            throw error("expected \(what) (an integer), found \(shown)")
        }
        let value = negative ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(clamping: magnitude)) : Int64(clamping: magnitude)
        guard range.contains(value), negative ? magnitude <= UInt64(Int64.max) + 1 : magnitude <= UInt64(Int64.max) else {
            throw error("\(what) \(negative ? "-" : "")\(token.text) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        index += 1
        return value
    }

    /// A decimal, hex (`0x`) or octal (`0…`) integer literal.
    static func integerValue(_ text: String) -> UInt64? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") { return UInt64(lowered.dropFirst(2), radix: 16) }
        if lowered.count > 1, lowered.hasPrefix("0") { return UInt64(lowered.dropFirst(), radix: 8) }
        return UInt64(lowered)
    }

    // MARK: - File

    mutating func parseFile() throws(ProtoSourceError) -> ProtoParsedFile {
        result.descriptor.name = file
        if token.isWord("syntax") || token.isWord("edition") {
            let keyword = take()
            try expect("=", "after \(keyword.text)")
            let valueToken = token
            let value = try stringLiteral("the \(keyword.text)")
            if keyword.text == "syntax" {
                guard value == "proto2" || value == "proto3" else {
                    throw error("unknown syntax \"\(value)\": proto2 and proto3 are known (or edition = \"2023\")", at: valueToken)
                }
                syntax = value
                if value == "proto3" { result.descriptor.syntax = "proto3" }
            } else {
                guard value == "2023" || value == "2024" else {
                    throw error("edition \"\(value)\" is not known: 2023 and 2024 are", at: valueToken)
                }
                syntax = "editions"
                result.descriptor.syntax = "editions"
                result.descriptor.edition = value == "2023" ? .edition2023 : .edition2024
            }
            try expect(";", "after the \(keyword.text) statement")
        }
        var sawPackage = false
        while token.kind != .end {
            if accept(";") { continue }
            let start = token
            var statement = try identifier("a statement (import, package, option, message, enum, service, extend)")
            // Edition 2024's `export` and `local` before a message or enum.
            var visibility: Google_Protobuf_SymbolVisibility?
            if result.descriptor.edition == .edition2024, statement == "export" || statement == "local",
                token.isWord("message") || token.isWord("enum")
            {
                visibility = statement == "export" ? .visibilityExport : .visibilityLocal
                statement = take().text
            }
            switch statement {
            case "import": try parseImport()
            case "package":
                guard !sawPackage else { throw error("a second package statement", at: start) }
                sawPackage = true
                result.descriptor.package = try dottedName("the package name")
                try expect(";", "after the package name")
            case "option":
                var options = result.descriptor.options
                try parseOption(into: &options)
                result.descriptor.options = options
                try expect(";", "after the option")
            case "message":
                var message = try parseMessage(scope: result.descriptor.package)
                if let visibility { message.visibility = visibility }
                result.descriptor.messageType.append(message)
            case "enum":
                var enumType = try parseEnum(scope: result.descriptor.package)
                if let visibility { enumType.visibility = visibility }
                result.descriptor.enumType.append(enumType)
            case "service":
                let service = try parseService()
                result.descriptor.service.append(service)
            case "extend":
                var nested: [Message] = []
                let fields = try parseExtend(scope: result.descriptor.package, nestedTypes: &nested)
                result.descriptor.extension.append(contentsOf: fields)
                result.descriptor.messageType.append(contentsOf: nested)
            default:
                throw error(
                    "expected a statement (import, package, option, message, enum, service, extend), found \"\(start.text)\"", at: start)
            }
        }
        return result
    }

    private mutating func parseImport() throws(ProtoSourceError) {
        if result.descriptor.edition == .edition2024, token.isWord("option"), tokens[index + 1].kind == .string {
            // Edition 2024's option-only import: for custom options, which Ferry does not interpret, so not read.
            index += 1
            result.descriptor.optionDependency.append(try stringLiteral("the imported file"))
            try expect(";", "after the import")
            return
        }
        let isPublic = acceptWord("public")
        let isWeak = !isPublic && acceptWord("weak")
        let at = location
        let path = try stringLiteral("the imported file")
        try expect(";", "after the import")
        let number = Int32(result.descriptor.dependency.count)
        result.descriptor.dependency.append(path)
        result.importLocations[path] = at
        if isPublic { result.descriptor.publicDependency.append(number) }
        if isWeak { result.descriptor.weakDependency.append(number) }
    }

    // MARK: - Messages

    private mutating func enter() throws(ProtoSourceError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("declarations nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseMessage(scope: String) throws(ProtoSourceError) -> Message {
        var message = Message()
        message.name = try identifier("the message name")
        try expect("{", "after the message name")
        try parseMessageBody(&message, fullName: Self.join(scope, message.name))
        return message
    }

    /// The declarations between `{` (already read) and `}`.
    private mutating func parseMessageBody(_ message: inout Message, fullName: String) throws(ProtoSourceError) {
        try enter()
        defer { depth -= 1 }
        while !accept("}") {
            if accept(";") { continue }
            guard token.kind == .identifier || token.isSymbol(".") else {
                throw error("expected a field or declaration in message \(message.name), found \(shown)")
            }
            var visibility: Google_Protobuf_SymbolVisibility?
            if result.descriptor.edition == .edition2024, token.isWord("export") || token.isWord("local"),
                tokens[index + 1].isWord("message") || tokens[index + 1].isWord("enum")
            {
                visibility = take().text == "export" ? .visibilityExport : .visibilityLocal
            }
            switch token.text {
            case "message":
                index += 1
                var nested = try parseMessage(scope: fullName)
                if let visibility { nested.visibility = visibility }
                message.nestedType.append(nested)
            case "enum":
                index += 1
                var nested = try parseEnum(scope: fullName)
                if let visibility { nested.visibility = visibility }
                message.enumType.append(nested)
            case "extend":
                index += 1
                message.extension.append(contentsOf: try parseExtend(scope: fullName, nestedTypes: &message.nestedType))
            case "extensions":
                index += 1
                try parseExtensionRanges(&message)
            case "reserved":
                index += 1
                try parseReserved(&message)
            case "option":
                index += 1
                try parseOption(into: &message.options)
                try expect(";", "after the option")
            case "oneof":
                index += 1
                try parseOneof(&message, fullName: fullName)
            default:
                message.field.append(try parseField(scope: fullName, nestedTypes: &message.nestedType, oneofIndex: nil))
            }
        }
        if syntax == "proto3" { Self.addSyntheticOneofs(&message) }
        if message.options.messageSetWireFormat {
            // A message set's extensions reach to the largest int32, not to the largest field number.
            for index in message.extensionRange.indices where message.extensionRange[index].end == 536_870_912 {
                message.extensionRange[index].end = Int32.max
            }
        }
    }

    private mutating func parseOneof(_ message: inout Message, fullName: String) throws(ProtoSourceError) {
        var oneof = Google_Protobuf_OneofDescriptorProto()
        oneof.name = try identifier("the oneof name")
        let number = Int32(message.oneofDecl.count)
        try expect("{", "after the oneof name")
        message.oneofDecl.append(oneof)
        while !accept("}") {
            if accept(";") { continue }
            if acceptWord("option") {
                try parseOption(into: &message.oneofDecl[Int(number)].options)
                try expect(";", "after the option")
                continue
            }
            for label in ["optional", "required", "repeated"] where token.isWord(label) {
                throw error("fields in a oneof take no label (\(label))")
            }
            message.field.append(try parseField(scope: fullName, nestedTypes: &message.nestedType, oneofIndex: number))
        }
    }

    /// proto3's `optional` fields each get a oneof of their own, after the real ones, named `_field`.
    private static func addSyntheticOneofs(_ message: inout Message) {
        var names = Set(message.field.map(\.name) + message.oneofDecl.map(\.name))
        for index in message.field.indices where message.field[index].proto3Optional {
            var name = message.field[index].name
            if !name.hasPrefix("_") { name = "_" + name }
            while names.contains(name) { name = "X" + name }
            names.insert(name)
            var oneof = Google_Protobuf_OneofDescriptorProto()
            oneof.name = name
            message.field[index].oneofIndex = Int32(message.oneofDecl.count)
            message.oneofDecl.append(oneof)
        }
    }

    private static let scalarTypes: [String: Field.TypeEnum] = [
        "double": .double, "float": .float, "int32": .int32, "int64": .int64, "uint32": .uint32, "uint64": .uint64,
        "sint32": .sint32, "sint64": .sint64, "fixed32": .fixed32, "fixed64": .fixed64, "sfixed32": .sfixed32,
        "sfixed64": .sfixed64, "bool": .bool, "string": .string, "bytes": .bytes,
    ]

    /// A field (or extension) declaration, its label included.
    private mutating func parseField(
        scope: String, nestedTypes: inout [Message], oneofIndex: Int32?
    ) throws(ProtoSourceError)
        -> Field
    {
        var field = Field()
        let labelToken = token
        if acceptWord("required") {
            guard syntax == "proto2" else { throw error("\"required\" is proto2 only", at: labelToken) }
            field.label = .required
        } else if acceptWord("repeated") {
            field.label = .repeated
        } else if acceptWord("optional") {
            guard syntax != "editions" else {
                throw error("\"optional\" is not allowed in editions: fields have presence by default", at: labelToken)
            }
            field.label = .optional
            if syntax == "proto3" { field.proto3Optional = true }
        } else {
            guard syntax != "proto2" || oneofIndex != nil || token.isWord("map") else {
                throw error("a proto2 field needs a label: optional, required or repeated")
            }
            field.label = .optional
        }
        if let oneofIndex { field.oneofIndex = oneofIndex }

        if token.isWord("map"), tokens[index + 1].isSymbol("<") {
            guard field.label == .optional, !field.proto3Optional, labelToken.isWord("map") else {
                throw error("a map field takes no label", at: labelToken)
            }
            index += 2
            return try parseMapField(&field, scope: scope, nestedTypes: &nestedTypes)
        }
        if token.isWord("group"), tokens[index + 1].kind == .identifier {
            guard syntax == "proto2" else { throw error("groups are proto2 only; use a message field") }
            index += 1
            return try parseGroup(&field, scope: scope, nestedTypes: &nestedTypes)
        }
        let typeToken = token
        let typeName = try dottedName("a field type", leadingDot: true)
        if let scalar = Self.scalarTypes[typeName] {
            field.type = scalar
        } else {
            field.typeName = typeName
        }
        field.name = try identifier("the field name")
        result.locations[ProtoParsedFile.key(scope: scope, name: field.name, role: "type")] =
            .init(line: typeToken.line, column: typeToken.column)
        try expect("=", "after the field name \(field.name)")
        field.number = try fieldNumber()
        if accept("[") { try parseFieldOptions(&field) }
        try expect(";", "after field \(field.name)")
        return field
    }

    private mutating func fieldNumber() throws(ProtoSourceError) -> Int32 {
        let at = token
        let number = try integer("the field number", range: 1...536_870_911)
        guard !(19000...19999).contains(number) else {
            throw error("field numbers 19000 to 19999 are reserved for protobuf itself", at: at)
        }
        return Int32(number)
    }

    private mutating func parseMapField(
        _ field: inout Field, scope: String, nestedTypes: inout [Message]
    ) throws(ProtoSourceError)
        -> Field
    {
        let keyToken = token
        let keyType = try dottedName("the map's key type")
        guard let key = Self.scalarTypes[keyType], ![.double, .float, .bytes].contains(key) else {
            throw error("a map key must be an integer, bool or string type, not \(keyType)", at: keyToken)
        }
        try expect(",", "after the map's key type")
        let valueToken = token
        let valueType = try dottedName("the map's value type", leadingDot: true)
        try expect(">", "after the map's value type")
        field.name = try identifier("the field name")
        try expect("=", "after the field name \(field.name)")
        field.number = try fieldNumber()
        field.label = .repeated
        field.type = .message
        var entry = Message()
        entry.name = Self.mapEntryName(field.name)
        field.typeName = entry.name
        var keyField = Field()
        keyField.name = "key"
        keyField.number = 1
        keyField.label = .optional
        keyField.type = key
        var valueField = Field()
        valueField.name = "value"
        valueField.number = 2
        valueField.label = .optional
        if let scalar = Self.scalarTypes[valueType] {
            valueField.type = scalar
        } else {
            valueField.typeName = valueType
            result.locations[ProtoParsedFile.key(scope: Self.join(scope, entry.name), name: "value", role: "type")] =
                .init(line: valueToken.line, column: valueToken.column)
        }
        entry.field = [keyField, valueField]
        entry.options.mapEntry = true
        if accept("[") { try parseFieldOptions(&field) }
        try expect(";", "after field \(field.name)")
        nestedTypes.append(entry)
        result.locations[ProtoParsedFile.key(scope: scope, name: field.name, role: "type")] = .init(
            line: keyToken.line, column: keyToken.column)
        return field
    }

    /// `foo_bar` → `FooBarEntry`, as protoc names a map's entry type.
    static func mapEntryName(_ fieldName: String) -> String {
        var name = ""
        var capitalize = true
        for character in fieldName {
            if character == "_" {
                capitalize = true
            } else if capitalize {
                name += character.uppercased()
                capitalize = false
            } else {
                name.append(character)
            }
        }
        return name + "Entry"
    }

    private mutating func parseGroup(_ field: inout Field, scope: String, nestedTypes: inout [Message]) throws(ProtoSourceError) -> Field {
        let nameToken = token
        let name = try identifier("the group name")
        guard name.first?.isUppercase == true else { throw error("a group's name must start with a capital letter", at: nameToken) }
        field.name = name.lowercased()
        field.type = .group
        field.typeName = name
        result.locations[ProtoParsedFile.key(scope: scope, name: field.name, role: "type")] =
            .init(line: nameToken.line, column: nameToken.column)
        try expect("=", "after the group name")
        field.number = try fieldNumber()
        if accept("[") { try parseFieldOptions(&field) }
        try expect("{", "to open group \(name)")
        var group = Message()
        group.name = name
        try parseMessageBody(&group, fullName: Self.join(scope, name))
        nestedTypes.append(group)
        return field
    }

    private mutating func parseFieldOptions(_ field: inout Field) throws(ProtoSourceError) {
        repeat {
            if token.isWord("default"), tokens[index + 1].isSymbol("=") {
                let at = take()
                index += 1
                guard field.label != .repeated else { throw error("a repeated field has no default", at: at) }
                field.defaultValue = try defaultValue(for: field)
            } else if token.isWord("json_name"), tokens[index + 1].isSymbol("=") {
                index += 2
                field.jsonName = try stringLiteral("the JSON name")
            } else {
                try parseOption(into: &field.options)
            }
        } while accept(",")
        try expect("]", "after the field's options")
    }

    /// A `[default = …]` value in the form protoc stores it.
    private mutating func defaultValue(for field: Field) throws(ProtoSourceError) -> String {
        // A named type is not resolved yet: an enum's default is a value's name.
        guard field.hasType else { return try identifier("the default enum value") }
        switch field.type {
        case .string:
            return try stringLiteral("the default string")
        case .bytes:
            guard token.kind == .string else { throw error("expected the default bytes (a quoted string), found \(shown)") }
            return Self.cEscaped(take().bytes)
        case .bool:
            guard token.isWord("true") || token.isWord("false") else { throw error("expected true or false, found \(shown)") }
            return take().text
        case .float, .double:
            let negative = accept("-")
            let sign = negative ? "-" : ""
            if token.isWord("inf") || token.isWord("nan") { return sign + take().text }
            guard token.kind == .float || token.kind == .integer else { throw error("expected a number, found \(shown)") }
            let number = take()
            let value: Double
            if number.kind == .integer, let integer = Self.integerValue(number.text) {
                value = Double(integer)
            } else {
                value = Double(number.text.hasSuffix("f") || number.text.hasSuffix("F") ? String(number.text.dropLast()) : number.text) ?? 0
            }
            return sign + (field.type == .float ? Self.shortest(Float(value)) : Self.shortest(value))
        case .int32, .sint32, .sfixed32:
            return String(try integer("the default", range: Int64(Int32.min)...Int64(Int32.max)))
        case .uint32, .fixed32:
            return String(try integer("the default", range: 0...Int64(UInt32.max)))
        case .int64, .sint64, .sfixed64:
            return String(try integer("the default", range: Int64.min...Int64.max))
        case .uint64, .fixed64:
            guard token.kind == .integer, let value = Self.integerValue(token.text) else {
                throw error("expected an integer, found \(shown)")
            }
            index += 1
            return String(value)
        default:
            throw error("a field of this type has no default")
        }
    }

    /// protoc's `SimpleDtoa`: the shortest of `%.15g` and `%.17g` that reads back the same.
    static func shortest(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value.isNaN { return "nan" }
        let short = cFormat(value, precision: 15)
        return Double(short) == value ? short : cFormat(value, precision: 17)
    }

    /// protoc's `SimpleFtoa`: the shortest of `%.6g` and `%.9g` that reads back the same float.
    static func shortest(_ value: Float) -> String {
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value.isNaN { return "nan" }
        let short = cFormat(Double(value), precision: 6)
        return Float(short) == value ? short : cFormat(Double(value), precision: 9)
    }

    private static func cFormat(_ value: Double, precision: Int) -> String { String(format: "%.\(precision)g", value) }

    /// protoc's `CEscape` of a bytes default.
    static func cEscaped(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case 10: text += "\\n"
            case 13: text += "\\r"
            case 9: text += "\\t"
            case 0x22: text += "\\\""
            case 0x27: text += "\\'"
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.append(Character(UnicodeScalar(byte)))
            default:
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return text
    }

    // MARK: - Ranges

    private mutating func parseExtensionRanges(_ message: inout Message) throws(ProtoSourceError) {
        var ranges: [Google_Protobuf_DescriptorProto.ExtensionRange] = []
        repeat {
            let (start, end) = try range(maximum: 536_870_911, exclusive: true, what: "extension number")
            var range = Google_Protobuf_DescriptorProto.ExtensionRange()
            range.start = start
            range.end = end
            ranges.append(range)
        } while accept(",")
        if accept("[") {
            var options = Google_Protobuf_ExtensionRangeOptions()
            repeat { try parseOption(into: &options) } while accept(",")
            try expect("]", "after the extension range's options")
            // Options of source retention stay out of descriptors, as protoc leaves them out.
            options.declaration = []
            options.clearVerification()
            if options != Google_Protobuf_ExtensionRangeOptions() {
                for index in ranges.indices { ranges[index].options = options }
            }
        }
        try expect(";", "after the extension ranges")
        message.extensionRange.append(contentsOf: ranges)
    }

    private mutating func parseReserved(_ message: inout Message) throws(ProtoSourceError) {
        if token.kind == .string || (syntax == "editions" && token.kind == .identifier) {
            repeat {
                message.reservedName.append(
                    token.kind == .string ? try stringLiteral("a reserved name") : try identifier("a reserved name"))
            } while accept(",")
        } else {
            repeat {
                let (start, end) = try range(maximum: 536_870_911, exclusive: true, what: "field number")
                var range = Google_Protobuf_DescriptorProto.ReservedRange()
                range.start = start
                range.end = end
                message.reservedRange.append(range)
            } while accept(",")
        }
        try expect(";", "after the reserved numbers or names")
    }

    /// `N`, `N to M` or `N to max`; the end one past M when `exclusive`.
    private mutating func range(maximum: Int64, exclusive: Bool, what: String) throws(ProtoSourceError) -> (Int32, Int32) {
        let minimum: Int64 = exclusive ? 1 : Int64(Int32.min)
        let startToken = token
        let start = try integer("a \(what)", range: minimum...maximum)
        var end = start
        if acceptWord("to") {
            if acceptWord("max") {
                end = maximum
            } else {
                end = try integer("the range's end", range: minimum...maximum)
            }
            guard end >= start else { throw error("the range \(start) to \(end) ends before it starts", at: startToken) }
        }
        return (Int32(start), Int32(exclusive ? end + 1 : end))
    }

    // MARK: - Enums

    private mutating func parseEnum(scope: String) throws(ProtoSourceError) -> Google_Protobuf_EnumDescriptorProto {
        var enumType = Google_Protobuf_EnumDescriptorProto()
        enumType.name = try identifier("the enum name")
        try expect("{", "after the enum name")
        try enter()
        defer { depth -= 1 }
        while !accept("}") {
            if accept(";") { continue }
            if acceptWord("option") {
                try parseOption(into: &enumType.options)
                try expect(";", "after the option")
            } else if token.isWord("reserved"), !tokens[index + 1].isSymbol("=") {
                index += 1
                if token.kind == .string || (syntax == "editions" && token.kind == .identifier) {
                    repeat {
                        enumType.reservedName.append(
                            token.kind == .string ? try stringLiteral("a reserved name") : try identifier("a reserved name"))
                    } while accept(",")
                } else {
                    repeat {
                        let (start, end) = try range(maximum: Int64(Int32.max), exclusive: false, what: "enum value")
                        var range = Google_Protobuf_EnumDescriptorProto.EnumReservedRange()
                        range.start = start
                        range.end = end
                        enumType.reservedRange.append(range)
                    } while accept(",")
                }
                try expect(";", "after the reserved values")
            } else {
                var value = Google_Protobuf_EnumValueDescriptorProto()
                value.name = try identifier("an enum value's name")
                try expect("=", "after the enum value \(value.name)")
                value.number = Int32(try integer("the enum value's number", range: Int64(Int32.min)...Int64(Int32.max)))
                if accept("[") {
                    repeat { try parseOption(into: &value.options) } while accept(",")
                    try expect("]", "after the enum value's options")
                }
                try expect(";", "after the enum value \(value.name)")
                enumType.value.append(value)
            }
        }
        guard !enumType.value.isEmpty else { throw error("enum \(enumType.name) has no values", at: tokens[index - 1]) }
        return enumType
    }

    // MARK: - Services and extensions

    /// A method's `[stream] Type)` after its `(`: whether it streams and the type's name, whose place is
    /// kept for the linker's errors under `role`.
    private mutating func messageType(
        _ what: String, of method: String, role: String, in scope: String
    ) throws(ProtoSourceError) -> (streams: Bool, type: String) {
        var streams = false
        if token.isWord("stream"), tokens[index + 1].kind == .identifier || tokens[index + 1].isSymbol(".") {
            index += 1
            streams = true
        }
        result.locations[ProtoParsedFile.key(scope: scope, name: method, role: role)] = location
        let type = try dottedName("the \(what) type", leadingDot: true)
        try expect(")", "after the \(what) type")
        return (streams, type)
    }

    private mutating func parseService() throws(ProtoSourceError) -> Google_Protobuf_ServiceDescriptorProto {
        var service = Google_Protobuf_ServiceDescriptorProto()
        service.name = try identifier("the service name")
        let scope = Self.join(result.descriptor.package, service.name)
        try expect("{", "after the service name")
        while !accept("}") {
            if accept(";") { continue }
            if acceptWord("option") {
                try parseOption(into: &service.options)
                try expect(";", "after the option")
                continue
            }
            guard acceptWord("rpc") else { throw error("expected rpc or option in service \(service.name), found \(shown)") }
            var method = Google_Protobuf_MethodDescriptorProto()
            method.name = try identifier("the method name")
            try expect("(", "after the method name")
            let input = try messageType("request", of: method.name, role: "input", in: scope)
            guard acceptWord("returns") else { throw error("expected \"returns\", found \(shown)") }
            try expect("(", "after returns")
            let output = try messageType("response", of: method.name, role: "output", in: scope)
            (method.inputType, method.outputType) = (input.type, output.type)
            // Set only when they stream: protoc writes the flags only then.
            if input.streams { method.clientStreaming = true }
            if output.streams { method.serverStreaming = true }
            if accept("{") {
                // protoc gives a method with a body options, empty ones too.
                method.options = Google_Protobuf_MethodOptions()
                while !accept("}") {
                    if accept(";") { continue }
                    guard acceptWord("option") else { throw error("expected an option in method \(method.name), found \(shown)") }
                    try parseOption(into: &method.options)
                    try expect(";", "after the option")
                }
            } else {
                try expect(";", "after method \(method.name)")
            }
            service.method.append(method)
        }
        return service
    }

    /// `extend Type { fields }`: the fields, each with the extendee as written.
    private mutating func parseExtend(scope: String, nestedTypes: inout [Message]) throws(ProtoSourceError) -> [Field] {
        let at = location
        let extendee = try dottedName("the extended type", leadingDot: true)
        try expect("{", "after the extended type")
        var fields: [Field] = []
        while !accept("}") {
            if accept(";") { continue }
            var field = try parseField(scope: scope, nestedTypes: &nestedTypes, oneofIndex: nil)
            field.extendee = extendee
            result.locations[ProtoParsedFile.key(scope: scope, name: field.name, role: "extendee")] = at
            fields.append(field)
        }
        return fields
    }

    // MARK: - Options

    /// `name = value` (after `option`, or inside `[…]`), set on `options` by its text-format name:
    /// `a.b = v` is `a { b: v }`, so features (`features.field_presence`) work as the plain options
    /// do. An option with a parenthesised (custom) name is recorded, not interpreted.
    private mutating func parseOption<Options: SwiftProtobuf.Message>(into options: inout Options) throws(ProtoSourceError) {
        let start = token
        var parts: [String] = []
        var custom = false
        repeat {
            if accept("(") {
                custom = true
                parts.append("(" + (try dottedName("the option's name", leadingDot: true)) + ")")
                try expect(")", "after the option's name")
            } else {
                parts.append(try identifier("the option's name"))
            }
        } while accept(".")
        let name = parts.joined(separator: ".")
        try expect("=", "after option \(name)")
        let valueStart = index
        let value = try optionValue()
        let text: String
        if custom {
            // Kept as protoc's parser keeps it, for ProtoLinker to interpret once extensions are known.
            text =
                "uninterpreted_option { " + parts.map(Self.namePart).joined(separator: " ") + " "
                + Self.uninterpretedValue(Array(tokens[valueStart..<index]), text: value) + " }"
        } else {
            text =
                parts.dropLast().map { $0 + " { " }.joined() + parts[parts.count - 1] + ": " + value
                + String(repeating: " }", count: parts.count - 1)
        }
        do {
            let parsed = try Options(textFormatString: text)
            let merged: [UInt8] = try options.serializedBytes() + parsed.serializedBytes()
            options = try Options(serializedBytes: merged)
        } catch {
            throw self.error("\(Options.protoMessageName) has no option \(name) taking \(value)", at: start)
        }
    }

    /// One part of an option's name as `UninterpretedOption.NamePart`'s text format.
    private static func namePart(_ part: String) -> String {
        let isExtension = part.hasPrefix("(")
        let name = isExtension ? String(part.dropFirst().dropLast()) : part
        return "name { name_part: \(textFormatString(Array(name.utf8))) is_extension: \(isExtension) }"
    }

    /// An option's value (its tokens, and its text) as the field of `UninterpretedOption` protoc puts it in.
    private static func uninterpretedValue(_ tokens: [ProtoToken], text: String) -> String {
        guard let first = tokens.first else { return "" }
        if first.isSymbol("{") { return "aggregate_value: " + textFormatString(Array(text.dropFirst(2).dropLast(3).utf8)) }
        if first.kind == .string { return "string_value: " + text }
        let negative = first.isSymbol("-")
        guard let number = negative ? tokens.dropFirst().first : first else { return "" }
        switch number.kind {
        case .integer:
            guard let magnitude = integerValue(number.text) else { return "" }
            return negative ? "negative_int_value: -\(magnitude)" : "positive_int_value: \(magnitude)"
        case .float: return "double_value: " + text
        default:
            if negative { return "double_value: " + text }
            return "identifier_value: " + textFormatString(Array(number.text.utf8))
        }
    }

    /// An option's value as text format writes it: a constant, or an aggregate `{ … }` as written.
    private mutating func optionValue() throws(ProtoSourceError) -> String {
        if token.isSymbol("{") {
            var text = ""
            var depth = 0
            repeat {
                let current = take()
                switch current.kind {
                case .end: throw error("an option's { … } value never ends")
                case .string: text += Self.textFormatString(current.bytes) + " "
                default:
                    if current.isSymbol("{") { depth += 1 }
                    if current.isSymbol("}") { depth -= 1 }
                    text += current.text + " "
                }
            } while depth > 0
            return text
        }
        if token.kind == .string { return Self.textFormatString(take().bytes) }
        let sign = accept("-") ? "-" : ""
        guard [.identifier, .integer, .float].contains(token.kind) else { throw error("expected an option value, found \(shown)") }
        return sign + take().text
    }

    /// A quoted text-format string of `bytes`.
    static func textFormatString(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes {
            switch byte {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.append(Character(UnicodeScalar(byte)))
            default:
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return text + "\""
    }

    static func join(_ scope: String, _ name: String) -> String { scope.isEmpty ? name : scope + "." + name }
}
