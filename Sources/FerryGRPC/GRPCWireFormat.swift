/// How a call travels: gRPC over HTTP/2, or gRPC-Web (binary, or its base64 text form), which also
/// goes over HTTP/1.1 and carries the status in a trailer frame at the end of the body rather than
/// in HTTP trailers.
public enum GRPCWireFormat: String, Sendable, CaseIterable {
    case grpc
    /// `application/grpc-web+proto`.
    case web
    /// `application/grpc-web-text`: the framed body in base64, both ways.
    case webText

    public var contentType: String {
        switch self {
        case .grpc: "application/grpc"
        case .web: "application/grpc-web+proto"
        case .webText: "application/grpc-web-text"
        }
    }

    public var isWeb: Bool { self != .grpc }
}
