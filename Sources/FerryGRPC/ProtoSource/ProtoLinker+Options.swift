import SwiftProtobuf

/// Custom options: an option with a parenthesised name (`[(my.flag) = true]`) names an extension of
/// the options message; once every file is resolved, its value is written as that extension's field
/// on the options, extensions in field-number order as protoc writes them. A name of one part with a
/// scalar, enum or string value is interpreted; a nested name (`(a).b`) or an aggregate value
/// (`{ … }`) is left out, as is an option naming no known extension of that options message.
/// (Options are only touched where present: writing a descriptor's options back marks them present.)
extension ProtoLinker {
    /// The extensions and enums of the linked files, by full name with its leading dot.
    struct OptionTables {
        var extensions: [String: Google_Protobuf_FieldDescriptorProto] = [:]
        var enums: [String: Google_Protobuf_EnumDescriptorProto] = [:]

        init(_ files: [Google_Protobuf_FileDescriptorProto]) {
            for file in files {
                let prefix = file.package.isEmpty ? "." : "." + file.package + "."
                for field in file.extension { extensions[prefix + field.name] = field }
                for enumType in file.enumType { enums[prefix + enumType.name] = enumType }
                for message in file.messageType { add(message, prefix: prefix) }
            }
        }

        private mutating func add(_ message: Google_Protobuf_DescriptorProto, prefix: String) {
            let name = prefix + message.name
            for field in message.extension { extensions[name + "." + field.name] = field }
            for enumType in message.enumType { enums[name + "." + enumType.name] = enumType }
            for nested in message.nestedType { add(nested, prefix: name + ".") }
        }
    }

    /// `file` with its custom options interpreted.
    func interpretingOptions(of file: Google_Protobuf_FileDescriptorProto, tables: OptionTables) -> Google_Protobuf_FileDescriptorProto {
        var file = file
        let package = file.package
        if file.hasOptions { interpret(&file.options, \.uninterpretedOption, "FileOptions", scope: package, tables) }
        for index in file.messageType.indices {
            interpret(&file.messageType[index], scope: ProtoParser.join(package, file.messageType[index].name), tables)
        }
        for index in file.enumType.indices { interpret(&file.enumType[index], scope: package, tables) }
        for index in file.extension.indices {
            if file.extension[index].hasOptions {
                interpret(&file.extension[index].options, \.uninterpretedOption, "FieldOptions", scope: package, tables)
            }
        }
        for serviceIndex in file.service.indices {
            let scope = ProtoParser.join(package, file.service[serviceIndex].name)
            if file.service[serviceIndex].hasOptions {
                interpret(&file.service[serviceIndex].options, \.uninterpretedOption, "ServiceOptions", scope: scope, tables)
            }
            for index in file.service[serviceIndex].method.indices {
                if file.service[serviceIndex].method[index].hasOptions {
                    interpret(
                        &file.service[serviceIndex].method[index].options, \.uninterpretedOption, "MethodOptions", scope: scope, tables)
                }
            }
        }
        return file
    }

    private func interpret(_ message: inout Google_Protobuf_DescriptorProto, scope: String, _ tables: OptionTables) {
        if message.hasOptions { interpret(&message.options, \.uninterpretedOption, "MessageOptions", scope: scope, tables) }
        for index in message.field.indices {
            if message.field[index].hasOptions {
                interpret(&message.field[index].options, \.uninterpretedOption, "FieldOptions", scope: scope, tables)
            }
        }
        for index in message.extension.indices {
            if message.extension[index].hasOptions {
                interpret(&message.extension[index].options, \.uninterpretedOption, "FieldOptions", scope: scope, tables)
            }
        }
        for index in message.oneofDecl.indices {
            if message.oneofDecl[index].hasOptions {
                interpret(&message.oneofDecl[index].options, \.uninterpretedOption, "OneofOptions", scope: scope, tables)
            }
        }
        for index in message.extensionRange.indices {
            if message.extensionRange[index].hasOptions {
                interpret(&message.extensionRange[index].options, \.uninterpretedOption, "ExtensionRangeOptions", scope: scope, tables)
            }
        }
        for index in message.nestedType.indices {
            interpret(&message.nestedType[index], scope: scope + "." + message.nestedType[index].name, tables)
        }
        for index in message.enumType.indices { interpret(&message.enumType[index], scope: scope, tables) }
    }

    private func interpret(_ enumType: inout Google_Protobuf_EnumDescriptorProto, scope: String, _ tables: OptionTables) {
        if enumType.hasOptions { interpret(&enumType.options, \.uninterpretedOption, "EnumOptions", scope: scope, tables) }
        for index in enumType.value.indices {
            if enumType.value[index].hasOptions {
                interpret(&enumType.value[index].options, \.uninterpretedOption, "EnumValueOptions", scope: scope, tables)
            }
        }
    }

    private func interpret<Options: SwiftProtobuf.Message>(
        _ options: inout Options, _ pending: WritableKeyPath<Options, [Google_Protobuf_UninterpretedOption]>, _ type: String,
        scope: String, _ tables: OptionTables
    ) {
        let uninterpreted = options[keyPath: pending]
        guard !uninterpreted.isEmpty else { return }
        options[keyPath: pending] = []
        var fields: [(number: Int32, bytes: [UInt8])] = []
        for option in uninterpreted {
            guard option.name.count == 1, option.name[0].isExtension,
                case .success(let (full, _)) = lookup(option.name[0].namePart, in: scope, typesOnly: false),
                let field = tables.extensions["." + full], field.extendee == ".google.protobuf." + type,
                let bytes = Self.encoded(option, as: field, tables)
            else { continue }
            fields.append((field.number, bytes))
        }
        let extensions = fields.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }.flatMap(
            \.element.bytes)
        guard let known: [UInt8] = try? options.serializedBytes(), let merged = try? Options(serializedBytes: known + extensions) else {
            return
        }
        options = merged
    }

    /// The option's value as the extension field's wire bytes (tag included), or nil when it does not fit the field.
    private static func encoded(
        _ option: Google_Protobuf_UninterpretedOption, as field: Google_Protobuf_FieldDescriptorProto, _ tables: OptionTables
    ) -> [UInt8]? {
        var writer = ProtoWireWriter()
        let number = Int(field.number)
        let integer: Int64? =
            option.hasPositiveIntValue
            ? Int64(exactly: option.positiveIntValue) : option.hasNegativeIntValue ? option.negativeIntValue : nil
        let double: Double? =
            option.hasDoubleValue
            ? option.doubleValue
            : integer.map(Double.init) ?? (option.hasPositiveIntValue ? Double(option.positiveIntValue) : nil)
                ?? ["inf": .infinity, "nan": .nan][String(decoding: option.identifierValue.utf8, as: UTF8.self)]
        switch field.type {
        case .int32, .int64, .uint32, .uint64, .sint32, .sint64:
            guard let value = integer ?? (option.hasPositiveIntValue ? Int64(bitPattern: option.positiveIntValue) : nil) else { return nil }
            writer.tag(number, .varint)
            writer.varint(field.type == .sint32 || field.type == .sint64 ? ProtoWireWriter.zigZag(value) : UInt64(bitPattern: value))
        case .bool:
            guard option.identifierValue == "true" || option.identifierValue == "false" else { return nil }
            writer.tag(number, .varint)
            writer.varint(option.identifierValue == "true" ? 1 : 0)
        case .enum:
            guard let value = tables.enums[field.typeName]?.value.first(where: { $0.name == option.identifierValue }) else { return nil }
            writer.tag(number, .varint)
            writer.varint(UInt64(bitPattern: Int64(value.number)))
        case .float, .fixed32, .sfixed32:
            writer.tag(number, .fixed32)
            if field.type == .float {
                guard let double else { return nil }
                writer.fixed32(Float(double).bitPattern)
            } else {
                guard let integer else { return nil }
                writer.fixed32(UInt32(truncatingIfNeeded: integer))
            }
        case .double, .fixed64, .sfixed64:
            writer.tag(number, .fixed64)
            if field.type == .double {
                guard let double else { return nil }
                writer.fixed64(double.bitPattern)
            } else {
                guard let value = integer ?? (option.hasPositiveIntValue ? Int64(bitPattern: option.positiveIntValue) : nil) else {
                    return nil
                }
                writer.fixed64(UInt64(bitPattern: value))
            }
        case .string, .bytes:
            guard option.hasStringValue else { return nil }
            writer.lengthDelimited(number, Array(option.stringValue))
        default:
            return nil
        }
        return writer.bytes
    }
}
