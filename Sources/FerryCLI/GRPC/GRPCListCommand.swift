import ArgumentParser
import FerryGRPC

/// `ferry grpc list URL [SERVICE]`: the services, or one service's methods.
struct GRPCListCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the services, or the methods of SERVICE.")

    @OptionGroup var server: GRPCServerOptions

    @Argument(help: "A service's full name, to list its methods.")
    var service: String?

    func execute() async throws {
        try await GRPCServerOptions.reporting {
            let connection = try server.connection()
            guard let service else {
                for name in try await connection.services() { OutputStream.standardOutput.line(name) }
                return
            }
            let pool = try await connection.pool(containing: [service])
            guard let found = pool.service(service) else { throw ProtoCodecError("the server has no service \(service)") }
            for method in found.methods { OutputStream.standardOutput.line(found.fullName + "." + method.name) }
        }
    }
}
