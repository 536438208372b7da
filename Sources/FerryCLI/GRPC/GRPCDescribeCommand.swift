import ArgumentParser
import FerryGRPC

/// `ferry grpc describe URL SYMBOL`: a service, method, message or enum as `.proto` text.
struct GRPCDescribeCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Describe a service, method, message or enum as .proto text.")

    @OptionGroup var server: GRPCServerOptions

    @Argument(help: "The full name of a service, method (Service.Method), message or enum.")
    var symbol: String

    func execute() async throws {
        try await GRPCServerOptions.reporting {
            let connection = try server.connection()
            // A method is found through its service: reflection knows the service's file.
            var symbols = [symbol]
            if let dot = symbol.lastIndex(where: { $0 == "." || $0 == "/" }) { symbols.append(String(symbol[..<dot])) }
            var pool: DescriptorPool?
            var lastError: (any Error)?
            for candidate in symbols {
                do {
                    pool = try await connection.pool(containing: [candidate])
                    break
                } catch {
                    lastError = error
                }
            }
            guard let pool, let text = ProtoDescriber(pool: pool).describe(symbol) else {
                if let lastError, connection.usesReflection { throw lastError }
                throw ProtoCodecError("the schema has no symbol \(symbol)")
            }
            OutputStream.standardOutput.write(text)
        }
    }
}
