import ArgumentParser
import FerryCore

/// `--grpc-compression gzip|deflate`, its values spelled out as `SerializerKind`'s are.
extension GRPCCompression: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}
