import FerryCore
import FerryGRPC
import FerryTransport
import Foundation

/// A gRPC server as the command line names it: its URL, metadata, TLS options and deadline, how
/// calls travel (gRPC, or gRPC-Web with `--grpc-web`/`--grpc-web-text`), and where its schema
/// comes from (`--protoset` descriptor sets and `--proto` files, else server reflection).
struct GRPCConnection {
    let target: GRPCTarget
    let client: GRPCClient
    /// The settings every call to the server shares (the method and messages are filled in per call).
    let template: GRPCCall
    let protosets: [String]
    /// `--proto` files, found (with their imports) under `importPaths`.
    let protoFiles: [String]
    let importPaths: [String]

    init(
        url: String, headers: [String], protosets: [String], protoFiles: [String] = [], importPaths: [String] = [], insecure: Bool,
        caFile: String?, maxTime: Double?, connectTimeout: Double?, maximumMessageSize: Int? = nil, wireFormat: GRPCWireFormat = .grpc,
        webHTTPVersion: HTTPVersionPreference = .automatic
    ) throws {
        target = try GRPCTarget(url)
        var call = GRPCCall(target: target, method: target.method, messages: .fixed([]))
        for header in headers {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                throw ProtoCodecError("-H \"\(header)\" is not \"name: value\"")
            }
            call.metadata.append(
                (header[..<colon].trimmingWhitespace().lowercased(), header[header.index(after: colon)...].trimmingWhitespace()))
        }
        call.timeout = maxTime
        call.options.tls.verifyPeer = !insecure
        call.options.tls.caFile = caFile
        call.options.connectTimeout = connectTimeout
        if let maximumMessageSize { call.maximumMessageSize = maximumMessageSize }
        call.wireFormat = wireFormat
        call.webHTTPVersion = webHTTPVersion
        template = call
        self.protosets = protosets
        self.protoFiles = protoFiles
        self.importPaths = importPaths
        client = GRPCClient(transport: CurlTransport(hashesBodies: false))
    }

    var reflection: GRPCReflection { GRPCReflection(client: client, template: template) }

    /// Whether the schema comes from the server's reflection service (no `--protoset` nor `--proto`).
    var usesReflection: Bool { protosets.isEmpty && protoFiles.isEmpty }

    /// The schema holding `symbols`: the descriptor sets' and `.proto` files', or what reflection answers for them.
    func pool(containing symbols: [String]) async throws -> DescriptorPool {
        guard !usesReflection else { return try await reflection.pool(containing: symbols) }
        return try DescriptorPool(protosetFiles: protosets, protoFiles: protoFiles, importPaths: importPaths)
    }

    /// The services: those of the descriptor sets, or those the server lists.
    func services() async throws -> [String] {
        usesReflection ? try await reflection.services() : try await pool(containing: []).serviceNames
    }
}
