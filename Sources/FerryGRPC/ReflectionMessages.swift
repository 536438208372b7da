import Foundation

/// The messages of gRPC server reflection (`grpc.reflection.v1` and `v1alpha`, which share their
/// wire layout), written and read by hand: a request per question, one answer each.
public enum ReflectionMessages {
    /// The two services, newest first.
    public static let services = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]
    public static let method = "ServerReflectionInfo"

    public enum Question: Sendable, Equatable {
        case listServices
        case fileByName(String)
        case fileContainingSymbol(String)
    }

    public enum Answer: Sendable, Equatable {
        /// Serialized `FileDescriptorProto`s.
        case files([Data])
        case services([String])
        case error(code: Int, message: String)
    }

    /// A `ServerReflectionRequest` (list_services 7, file_by_filename 3, file_containing_symbol 4).
    public static func request(_ question: Question) -> [UInt8] {
        var writer = ProtoWireWriter()
        switch question {
        case .listServices: writer.lengthDelimited(7, Array("*".utf8))
        case .fileByName(let name): writer.lengthDelimited(3, Array(name.utf8))
        case .fileContainingSymbol(let symbol): writer.lengthDelimited(4, Array(symbol.utf8))
        }
        return writer.bytes
    }

    /// A `ServerReflectionResponse`: file_descriptor_response 4, list_services_response 6, error_response 7.
    public static func answer(_ bytes: [UInt8]) throws(ProtoCodecError) -> Answer {
        var reader = ProtoWireReader(bytes: bytes)
        while !reader.isAtEnd {
            let (number, wireType) = try reader.tag()
            guard wireType == .lengthDelimited, [4, 6, 7].contains(number) else {
                try reader.skip(wireType, number: number)
                continue
            }
            var inner = ProtoWireReader(bytes: bytes, range: try reader.lengthDelimited())
            var files: [Data] = []
            var services: [String] = []
            var code = 0
            var message = ""
            while !inner.isAtEnd {
                let (field, type) = try inner.tag()
                switch (number, field, type) {
                case (4, 1, .lengthDelimited): files.append(Data(bytes[try inner.lengthDelimited()]))
                case (6, 1, .lengthDelimited):
                    var service = ProtoWireReader(bytes: bytes, range: try inner.lengthDelimited())
                    while !service.isAtEnd {
                        let (serviceField, serviceType) = try service.tag()
                        if serviceField == 1, serviceType == .lengthDelimited {
                            services.append(String(decoding: bytes[try service.lengthDelimited()], as: UTF8.self))
                        } else {
                            try service.skip(serviceType, number: serviceField)
                        }
                    }
                case (7, 1, .varint): code = Int(Int32(truncatingIfNeeded: try inner.varint()))
                case (7, 2, .lengthDelimited): message = String(decoding: bytes[try inner.lengthDelimited()], as: UTF8.self)
                default: try inner.skip(type, number: field)
                }
            }
            switch number {
            case 4: return .files(files)
            case 6: return .services(services)
            default: return .error(code: code, message: message)
            }
        }
        throw ProtoCodecError("the reflection answer holds no files, services or error")
    }
}
