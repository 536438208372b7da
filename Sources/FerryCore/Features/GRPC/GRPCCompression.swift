/// How a gRPC call's messages are compressed (`grpc-encoding`): each message on its own, its frame's
/// flag byte set.
public enum GRPCCompression: String, Sendable, Hashable, Codable, CaseIterable {
    case gzip
    /// zlib's format (RFC 1950), as gRPC names it.
    case deflate
}
