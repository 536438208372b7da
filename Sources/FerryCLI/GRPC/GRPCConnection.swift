import FerryCore
import FerryGRPC
import FerryTransport
import Foundation

/// A gRPC server as the command line names it: its URL, metadata, TLS options and deadline, and
/// where its schema comes from (descriptor sets given with `--protoset`, else server reflection).
struct GRPCConnection {
    let target: GRPCTarget
    let client: GRPCClient
    /// The settings every call to the server shares (the method and messages are filled in per call).
    let template: GRPCCall
    let protosets: [String]

    init(
        url: String, headers: [String], protosets: [String], insecure: Bool, caFile: String?, maxTime: Double?, connectTimeout: Double?,
        maximumMessageSize: Int? = nil
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
        template = call
        self.protosets = protosets
        client = GRPCClient(transport: CurlTransport(hashesBodies: false))
    }

    var reflection: GRPCReflection { GRPCReflection(client: client, template: template) }

    /// The schema holding `symbols`: the descriptor sets' files, or what reflection answers for them.
    func pool(containing symbols: [String]) async throws -> DescriptorPool {
        guard !protosets.isEmpty else { return try await reflection.pool(containing: symbols) }
        return try DescriptorPool(protosetFiles: protosets)
    }

    /// The services: those of the descriptor sets, or those the server lists.
    func services() async throws -> [String] {
        protosets.isEmpty ? try await reflection.services() : try await pool(containing: []).serviceNames
    }
}
