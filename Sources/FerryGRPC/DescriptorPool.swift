import FerryCore
import Foundation
import SwiftProtobuf

/// The message, enum and service types of a set of `.proto` files, by full name: built from a
/// descriptor set (`--protoset`) or from the files a reflection service answers with.
///
/// Files are added one at a time; `missingImports` names the files they import that are not there
/// yet, so a caller fetching them (reflection) knows when the set is complete. The size is bounded:
/// a set past `maximumFiles` files is refused, so a server whose files import each other without end cannot
/// make the pool grow forever (a file already present is never fetched twice).
public struct DescriptorPool: Sendable {
    public static let maximumFiles = 10_000

    public private(set) var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
    /// Files in the order they were added.
    public private(set) var fileNames: [String] = []
    private var messages: [String: ProtoMessageType] = [:]
    private var enums: [String: ProtoEnumType] = [:]
    private var serviceTable: [String: ProtoService] = [:]
    /// Symbol (message, enum, service, method) → the file that declares it.
    private var symbols: [String: String] = [:]

    public init() {}

    /// A pool of every file of a serialized `FileDescriptorSet` (`protoc --descriptor_set_out`).
    public init(descriptorSet: Data) throws(ProtoCodecError) {
        let set: Google_Protobuf_FileDescriptorSet
        do {
            set = try Google_Protobuf_FileDescriptorSet(serializedBytes: descriptorSet)
        } catch {
            throw ProtoCodecError("the descriptor set is not a serialized google.protobuf.FileDescriptorSet (\(error))")
        }
        for file in set.file { try add(file) }
    }

    /// A pool of every file of the descriptor sets at `paths`; a problem names its file.
    public init(protosetFiles paths: [String]) throws {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
            }
            do {
                let set = try DescriptorPool(descriptorSet: data)
                for name in set.fileNames { try add(set.files[name]!) }
            } catch {
                throw ProtoCodecError("\(path): \(error.problem)")
            }
        }
    }

    /// Adds one serialized `FileDescriptorProto`.
    public mutating func add(serializedFile bytes: Data) throws(ProtoCodecError) {
        do {
            try add(Google_Protobuf_FileDescriptorProto(serializedBytes: bytes))
        } catch let error as ProtoCodecError {
            throw error
        } catch {
            throw ProtoCodecError("a file descriptor is not a serialized google.protobuf.FileDescriptorProto (\(error))")
        }
    }

    /// Adds a file and its types; a file already present is kept as it was.
    public mutating func add(_ file: Google_Protobuf_FileDescriptorProto) throws(ProtoCodecError) {
        guard files[file.name] == nil else { return }
        guard files.count < Self.maximumFiles else {
            throw ProtoCodecError("more than \(Self.maximumFiles) descriptor files: refusing more (do the imports loop?)")
        }
        files[file.name] = file
        fileNames.append(file.name)
        let defaults = ProtoFieldDefaults(file: file)
        let prefix = file.package.isEmpty ? "" : file.package + "."
        for message in file.messageType { index(message, fullName: prefix + message.name, file: file.name, defaults: defaults) }
        for enumType in file.enumType { index(enumType, fullName: prefix + enumType.name, file: file.name) }
        for service in file.service {
            let fullName = prefix + service.name
            let methods = service.method.map {
                ProtoService.Method(
                    name: $0.name, inputType: Self.trimmed($0.inputType), outputType: Self.trimmed($0.outputType),
                    clientStreaming: $0.clientStreaming, serverStreaming: $0.serverStreaming)
            }
            serviceTable[fullName] = ProtoService(fullName: fullName, methods: methods, file: file.name)
            symbols[fullName] = file.name
            for method in methods { symbols[fullName + "." + method.name] = file.name }
        }
    }

    private mutating func index(
        _ message: Google_Protobuf_DescriptorProto, fullName: String, file: String, defaults: ProtoFieldDefaults
    ) {
        let defaults = defaults.applying(message.options.features)
        messages[fullName] = ProtoMessageType(message, fullName: fullName, defaults: defaults)
        symbols[fullName] = file
        for nested in message.nestedType { index(nested, fullName: fullName + "." + nested.name, file: file, defaults: defaults) }
        for enumType in message.enumType { index(enumType, fullName: fullName + "." + enumType.name, file: file) }
    }

    private mutating func index(_ enumType: Google_Protobuf_EnumDescriptorProto, fullName: String, file: String) {
        enums[fullName] = ProtoEnumType(fullName: fullName, values: enumType.value.map { ($0.name, $0.number) })
        symbols[fullName] = file
    }

    private static func trimmed(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }

    // MARK: - Lookup

    /// The files imported by the pool's files that it does not hold.
    public var missingImports: [String] {
        var missing: [String] = []
        for name in fileNames {
            for dependency in files[name]!.dependency where files[dependency] == nil && !missing.contains(dependency) {
                missing.append(dependency)
            }
        }
        return missing
    }

    public func message(_ fullName: String) -> ProtoMessageType? { messages[Self.trimmed(fullName)] }
    public func enumType(_ fullName: String) -> ProtoEnumType? { enums[Self.trimmed(fullName)] }
    public func service(_ fullName: String) -> ProtoService? { serviceTable[Self.trimmed(fullName)] }

    /// Every message type's full name (nested ones too), sorted.
    public var messageNames: [String] { messages.keys.sorted() }

    /// Every service's full name, sorted.
    public var serviceNames: [String] { serviceTable.keys.sorted() }

    /// A file's `FileDescriptorProto` as bytes, as reflection answers with it.
    public func serializedFile(_ name: String) -> Data? { try? files[name]?.serializedBytes() }

    /// The file declaring a symbol (a message, enum, service or `Service.Method`).
    public func file(declaring symbol: String) -> String? { symbols[Self.trimmed(symbol)] }

    /// The method `Service/Method` (or `Service.Method`) names.
    public func method(_ path: String) throws(ProtoCodecError) -> (service: ProtoService, method: ProtoService.Method) {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let separator = trimmed.lastIndex(of: "/") ?? trimmed.lastIndex(of: ".")
        guard let separator else { throw ProtoCodecError("\"\(path)\" names no method: write package.Service/Method") }
        let serviceName = String(trimmed[..<separator])
        let methodName = String(trimmed[trimmed.index(after: separator)...])
        guard let service = serviceTable[serviceName] else {
            let known = serviceNames.isEmpty ? "none" : serviceNames.joined(separator: ", ")
            throw ProtoCodecError("no service \(serviceName) in the schema (services: \(known))")
        }
        guard let method = service.methods.first(where: { $0.name == methodName }) else {
            throw ProtoCodecError(
                "service \(serviceName) has no method \(methodName) (methods: \(service.methods.map(\.name).joined(separator: ", ")))")
        }
        return (service, method)
    }
}
