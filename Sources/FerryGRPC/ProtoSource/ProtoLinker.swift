import SwiftProtobuf

/// Resolves the type names of parsed `.proto` files by protobuf's scoping rules, as protoc's
/// descriptor builder does: a name is looked for in the innermost scope first, then outwards; a
/// dotted name's first part must be a message, enum, package or service there, and the rest is
/// then looked for inside it; a leading dot means a full name. Fields' types become `.pkg.Type`
/// with their kind (message or enum) set, and every field gets its JSON name.
///
/// Symbols of every file given are visible to each (protoc shows a file only those of its imports).
/// Custom options are interpreted last (ProtoLinker+Options.swift).
struct ProtoLinker {
    enum Kind: Equatable {
        case package, message, enumeration, service, other

        var isAggregate: Bool { self != .other }
        var isType: Bool { self == .message || self == .enumeration }
    }

    private var symbols: [String: (kind: Kind, file: String)] = [:]

    /// Resolves `files` (each file's imports before it) and returns their descriptors.
    static func link(_ files: [ProtoParsedFile]) throws(ProtoSourceError) -> [Google_Protobuf_FileDescriptorProto] {
        var linker = ProtoLinker()
        for file in files { try linker.declare(file.descriptor) }
        var linked: [Google_Protobuf_FileDescriptorProto] = []
        for file in files { linked.append(try linker.resolve(file)) }
        let tables = OptionTables(linked)
        return linked.map { linker.interpretingOptions(of: $0, tables: tables) }
    }

    // MARK: - Declaring

    private mutating func define(_ name: String, _ kind: Kind, file: String) throws(ProtoSourceError) {
        if let existing = symbols[name] {
            if existing.kind == .package && kind == .package { return }
            if existing.kind == .other && kind == .other { return }
            let place = existing.file == file ? "already" : "already in \(existing.file)"
            throw ProtoSourceError(file: file, "\"\(name)\" is \(place) defined")
        }
        symbols[name] = (kind, file)
    }

    private mutating func declare(_ file: Google_Protobuf_FileDescriptorProto) throws(ProtoSourceError) {
        var package = ""
        for part in file.package.split(separator: ".") {
            package = ProtoParser.join(package, String(part))
            try define(package, .package, file: file.name)
        }
        for message in file.messageType { try declare(message, scope: file.package, file: file.name) }
        for enumType in file.enumType { try declare(enumType, scope: file.package, file: file.name) }
        for field in file.extension { try define(ProtoParser.join(file.package, field.name), .other, file: file.name) }
        for service in file.service {
            let name = ProtoParser.join(file.package, service.name)
            try define(name, .service, file: file.name)
            for method in service.method { try define(name + "." + method.name, .other, file: file.name) }
        }
    }

    private mutating func declare(_ message: Google_Protobuf_DescriptorProto, scope: String, file: String) throws(ProtoSourceError) {
        let name = ProtoParser.join(scope, message.name)
        try define(name, .message, file: file)
        for field in message.field + message.extension { try define(name + "." + field.name, .other, file: file) }
        for oneof in message.oneofDecl { try define(name + "." + oneof.name, .other, file: file) }
        for nested in message.nestedType { try declare(nested, scope: name, file: file) }
        for enumType in message.enumType { try declare(enumType, scope: name, file: file) }
    }

    private mutating func declare(_ enumType: Google_Protobuf_EnumDescriptorProto, scope: String, file: String) throws(ProtoSourceError) {
        try define(ProtoParser.join(scope, enumType.name), .enumeration, file: file)
        // Enum values are siblings of their enum, as in C++.
        for value in enumType.value { try define(ProtoParser.join(scope, value.name), .other, file: file) }
    }

    // MARK: - Resolving

    /// The full name `name` means in `scope`, or why it means none; a name of one part must name a
    /// type unless `typesOnly` is false (an option's extension is a field).
    func lookup(_ name: String, in scope: String, typesOnly: Bool = true) -> Result<(String, Kind), LookupFailure> {
        if name.hasPrefix(".") {
            let full = String(name.dropFirst())
            return symbols[full].map { .success((full, $0.kind)) } ?? .failure(.undefined)
        }
        let first = String(name.prefix { $0 != "." })
        var scope = scope
        while true {
            let candidate = ProtoParser.join(scope, first)
            if let symbol = symbols[candidate] {
                if first.count < name.count {
                    if symbol.kind.isAggregate {
                        let full = ProtoParser.join(scope, name)
                        return symbols[full].map { .success((full, $0.kind)) } ?? .failure(.resolvedToUndefined(full))
                    }
                } else if symbol.kind.isType || !typesOnly {
                    return .success((candidate, symbol.kind))
                }
            }
            guard !scope.isEmpty else { return .failure(.undefined) }
            scope = scope.lastIndex(of: ".").map { String(scope[..<$0]) } ?? ""
        }
    }

    enum LookupFailure: Error {
        case undefined
        /// The first part was found, the rest not: protoc's "is resolved to …, which is not defined".
        case resolvedToUndefined(String)
    }

    private func resolveType(
        _ name: String, scope: String, file: ProtoParsedFile, key: String, messageOnly: Bool
    ) throws(ProtoSourceError) -> (String, Kind) {
        let location = file.locations[key] ?? .init(line: 0, column: 0)
        func failure(_ problem: String) -> ProtoSourceError {
            ProtoSourceError(file: file.descriptor.name, line: location.line, column: location.column, problem)
        }
        switch lookup(name, in: scope) {
        case .success(let (full, kind)):
            guard kind.isType else { throw failure("\"\(name)\" is not a type") }
            guard !messageOnly || kind == .message else { throw failure("\"\(name)\" is not a message type") }
            return ("." + full, kind)
        case .failure(.resolvedToUndefined(let full)):
            throw failure(
                "\"\(name)\" is resolved to \"\(full)\", which is not defined; the innermost scope is searched first, "
                    + "so write \".\(name)\" for the outer one")
        case .failure(.undefined):
            let imports = file.descriptor.dependency.isEmpty ? "" : " (nor in its imports)"
            throw failure("\"\(name)\" is not defined in this file\(imports)")
        }
    }

    private func resolve(_ parsed: ProtoParsedFile) throws(ProtoSourceError) -> Google_Protobuf_FileDescriptorProto {
        var file = parsed.descriptor
        let package = file.package
        for index in file.messageType.indices {
            try resolve(&file.messageType[index], scope: ProtoParser.join(package, file.messageType[index].name), file: parsed)
        }
        for index in file.extension.indices { try resolve(&file.extension[index], scope: package, file: parsed) }
        for serviceIndex in file.service.indices {
            let scope = ProtoParser.join(package, file.service[serviceIndex].name)
            for index in file.service[serviceIndex].method.indices {
                var method = file.service[serviceIndex].method[index]
                method.inputType = try resolveType(
                    method.inputType, scope: scope, file: parsed,
                    key: ProtoParsedFile.key(scope: scope, name: method.name, role: "input"), messageOnly: true
                ).0
                method.outputType = try resolveType(
                    method.outputType, scope: scope, file: parsed,
                    key: ProtoParsedFile.key(scope: scope, name: method.name, role: "output"), messageOnly: true
                ).0
                file.service[serviceIndex].method[index] = method
            }
        }
        return file
    }

    private func resolve(_ message: inout Google_Protobuf_DescriptorProto, scope: String, file: ProtoParsedFile) throws(ProtoSourceError) {
        for index in message.field.indices { try resolve(&message.field[index], scope: scope, file: file) }
        for index in message.extension.indices { try resolve(&message.extension[index], scope: scope, file: file) }
        for index in message.nestedType.indices {
            try resolve(&message.nestedType[index], scope: scope + "." + message.nestedType[index].name, file: file)
        }
    }

    private func resolve(_ field: inout Google_Protobuf_FieldDescriptorProto, scope: String, file: ProtoParsedFile) throws(ProtoSourceError)
    {
        if !field.hasJsonName { field.jsonName = ProtoField.camelCase(field.name) }
        if field.hasExtendee {
            field.extendee = try resolveType(
                field.extendee, scope: scope, file: file, key: ProtoParsedFile.key(scope: scope, name: field.name, role: "extendee"),
                messageOnly: true
            ).0
        }
        guard field.hasTypeName else { return }
        let (full, kind) = try resolveType(
            field.typeName, scope: scope, file: file, key: ProtoParsedFile.key(scope: scope, name: field.name, role: "type"),
            messageOnly: field.type == .group)
        field.typeName = full
        if field.type != .group { field.type = kind == .message ? .message : .enum }
    }
}
