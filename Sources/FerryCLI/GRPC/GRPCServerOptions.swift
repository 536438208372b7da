import ArgumentParser
import FerryCore
import FerryGRPC

/// The server and schema options of `ferry grpc list|describe`.
struct GRPCServerOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The server: grpc://host:port, or grpcs://host:port for TLS.", valueName: "url"))
    var url: String

    @Option(
        name: .customLong("protoset"),
        help: ArgumentHelp("Read the schema from this descriptor set instead of server reflection.", valueName: "file"))
    var protosets: [String] = []

    @Option(
        name: .customLong("proto"),
        help: ArgumentHelp("Read the schema from this .proto file and its imports instead of server reflection.", valueName: "file"))
    var protoFiles: [String] = []

    @Option(
        name: [.customShort("I"), .customLong("import-path")],
        help: ArgumentHelp("Look for --proto files and their imports in this folder (protoc's -I).", valueName: "dir"))
    var importPaths: [String] = []

    @Flag(name: .customLong("grpc-web"), help: "Call reflection through gRPC-Web (application/grpc-web+proto).")
    var grpcWeb = false

    @Flag(name: .customLong("grpc-web-text"), help: "Call reflection through gRPC-Web's base64 text form.")
    var grpcWebText = false

    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: ArgumentHelp("Send this metadata with reflection calls.", valueName: "name: value"))
    var headers: [String] = []

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not verify the server's TLS certificate.")
    var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("Trust the certificates in this PEM file.", valueName: "file"))
    var caFile: String?

    @Option(name: [.customShort("m"), .customLong("max-time")], help: ArgumentHelp("Seconds allowed for each call.", valueName: "seconds"))
    var maxTime: Double = 30

    func connection() throws -> GRPCConnection {
        try GRPCConnection(
            url: url, headers: headers, protosets: protosets, protoFiles: protoFiles, importPaths: importPaths, insecure: insecure,
            caFile: caFile, maxTime: maxTime, connectTimeout: nil, wireFormat: grpcWebText ? .webText : grpcWeb ? .web : .grpc)
    }
}

extension GRPCServerOptions {
    /// Runs `body`, printing a failure as `ferry send` does and exiting with its code.
    static func reporting(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ProtoCodecError {
            OutputStream.standardError.line("ferry: " + TerminalSafeText.escaping(error.description))
            throw ExitStatus.usage.exitCode
        } catch let error as FerryError {
            ResponsePrinter().printError(error)
            throw ExitStatus(for: error).exitCode
        }
    }
}
