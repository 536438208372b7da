/// `body: grpc:` in a request file: the messages of a gRPC call (JSON, `{{variables}}` filled in
/// when it is sent) and where its schema comes from.
public struct GRPCBody: Sendable, Equatable {
    /// The request messages in order: one for a unary or server-streaming call, any number for a
    /// client or bidirectional stream.
    public var messages: [Parameters]
    /// Descriptor sets (`protoc --descriptor_set_out`), relative to the collection's folder; empty:
    /// the server's reflection service.
    public var protosets: [String]
    /// `.proto` files (read without protoc) and the folders their imports are found in, relative to
    /// the collection's folder; no import path: the collection's folder.
    public var protoFiles: [String] = []
    public var importPaths: [String] = []
    /// gRPC-Web instead of gRPC (`web: binary` or `web: text`); nil: gRPC over HTTP/2.
    public var web: GRPCWebForm?
    /// The request messages compressed (`compression: gzip` or `deflate`); nil: not compressed.
    public var compression: GRPCCompression?

    public init(messages: [Parameters] = [], protosets: [String] = []) {
        self.messages = messages
        self.protosets = protosets
    }
}

/// gRPC-Web's two forms: framed bytes (`application/grpc-web+proto`) or the same in base64 (`application/grpc-web-text`).
public enum GRPCWebForm: String, Sendable, Hashable, Codable, CaseIterable {
    case binary
    case text
}
