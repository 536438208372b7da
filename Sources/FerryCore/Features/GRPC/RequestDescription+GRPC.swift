/// A gRPC request file: a `grpc://` or `grpcs://` URL, or a `grpc:` body.
extension RequestDescription {
    /// True when the request is a gRPC call.
    public var isGRPC: Bool {
        if case .grpc = body { return true }
        return Self.isGRPCURL(url)
    }

    /// Whether `text` starts with `grpc://` or `grpcs://`.
    public static func isGRPCURL(_ text: String) -> Bool {
        let scheme = text.prefix(8).lowercased()
        return scheme.hasPrefix("grpc://") || scheme.hasPrefix("grpcs://")
    }

    /// The check every gRPC call gets unless its file checks `grpc-status` itself: the status is OK.
    static let grpcStatusOK = Assertion(.query(.grpcStatus), .compare(.equal, .number("0")))
}
