import FerryCore
import Foundation
import Synchronization

/// The schemas of a process's gRPC calls, each fetched once: a server's services through its
/// reflection (by server and service), descriptor sets by their paths. A run of many calls to one
/// method asks reflection once.
final class GRPCSchemas: Sendable {
    private let pools = Mutex<[String: DescriptorPool]>([:])

    /// The schema declaring `service`: the descriptor sets and `.proto` files `options` name, else
    /// the server's reflection (asked with the call's metadata, TLS options and deadline).
    func pool(service: String, options: RequestOptions, client: GRPCClient, call: GRPCCall) async throws -> DescriptorPool {
        let (protosets, protoFiles, importPaths) = (options.protosets ?? [], options.protoFiles ?? [], options.protoImportPaths ?? [])
        let files = protosets + [""] + protoFiles + [""] + importPaths
        let reflects = protosets.isEmpty && protoFiles.isEmpty
        let key = reflects ? call.target.base.absoluteString + "\u{0}" + service : files.joined(separator: "\u{0}")
        if let known = pools.withLock({ $0[key] }) { return known }
        let pool =
            reflects
            ? try await GRPCReflection(client: client, template: call).pool(containing: [service])
            : try DescriptorPool(protosetFiles: protosets, protoFiles: protoFiles, importPaths: importPaths)
        pools.withLock { $0[key] = pool }
        return pool
    }

    /// `pool` with the types of `status`'s details that it lacks, asked of reflection (nothing is
    /// asked with descriptor sets, or when reflection does not know them).
    func addingDetailTypes(of status: GRPCStatus, to pool: DescriptorPool, client: GRPCClient, call: GRPCCall) async -> DescriptorPool {
        let missing = status.details.map { String($0.typeURL.split(separator: "/").last ?? "") }.filter { pool.message($0) == nil }
        guard !missing.isEmpty, call.options.protosets?.isEmpty ?? true, call.options.protoFiles?.isEmpty ?? true,
            let found = try? await GRPCReflection(client: client, template: call).pool(containing: missing)
        else { return pool }
        var merged = pool
        for name in found.fileNames { try? merged.add(found.files[name]!) }
        return merged
    }
}
