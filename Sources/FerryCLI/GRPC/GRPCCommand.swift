import ArgumentParser

/// `ferry grpc list|describe`: a gRPC server's services, methods and types, from server reflection
/// or `--protoset` files, as grpcurl shows them. Calls are `ferry send grpc://…`.
struct GRPCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpc",
        abstract: "List and describe a gRPC server's services and types (calls are ferry send grpc://…).",
        subcommands: [GRPCListCommand.self, GRPCDescribeCommand.self])
}
