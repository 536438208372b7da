/// `body: grpc:` in a request file: the messages of a gRPC call (JSON, `{{variables}}` filled in
/// when it is sent) and where its schema comes from.
public struct GRPCBody: Sendable, Equatable {
    /// The request messages in order: one for a unary or server-streaming call, any number for a
    /// client or bidirectional stream.
    public var messages: [Parameters]
    /// Descriptor sets (`protoc --descriptor_set_out`), relative to the collection's folder; empty:
    /// the server's reflection service.
    public var protosets: [String]

    public init(messages: [Parameters] = [], protosets: [String] = []) {
        self.messages = messages
        self.protosets = protosets
    }
}
