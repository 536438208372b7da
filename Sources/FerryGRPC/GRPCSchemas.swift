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
        let key = Self.key(service: service, options: options, call: call)
        if let known = pools.withLock({ $0[key] }) { return known }
        let (protosets, protoFiles, importPaths) = (options.protosets ?? [], options.protoFiles ?? [], options.protoImportPaths ?? [])
        let pool =
            options.reflects
            ? try await GRPCReflection(client: client, template: call).pool(containing: [service])
            : try DescriptorPool(protosetFiles: protosets, protoFiles: protoFiles, importPaths: importPaths)
        pools.withLock { $0[key] = pool }
        return pool
    }

    /// Whether `pool` would ask the server's reflection for `service` (a request on the wire) rather
    /// than answer from what it already has or from files.
    func asksTheServer(service: String, options: RequestOptions, call: GRPCCall) -> Bool {
        guard options.reflects else { return false }
        let key = Self.key(service: service, options: options, call: call)
        return pools.withLock { $0[key] } == nil
    }

    /// Where the schema of `service` is kept: by server and service when reflection gives it, else by its files.
    private static func key(service: String, options: RequestOptions, call: GRPCCall) -> String {
        guard options.reflects else {
            let files = (options.protosets ?? []) + [""] + (options.protoFiles ?? []) + [""] + (options.protoImportPaths ?? [])
            return files.joined(separator: "\u{0}")
        }
        return call.target.base.absoluteString + "\u{0}" + service
    }

    /// `pool` with the types of `status`'s details that it lacks, asked of reflection (nothing is
    /// asked with descriptor sets, or when reflection does not know them).
    func addingDetailTypes(of status: GRPCStatus, to pool: DescriptorPool, client: GRPCClient, call: GRPCCall) async -> DescriptorPool {
        let missing = status.details.map { String($0.typeURL.split(separator: "/").last ?? "") }.filter { pool.message($0) == nil }
        guard !missing.isEmpty, call.options.reflects,
            let found = try? await GRPCReflection(client: client, template: call).pool(containing: missing)
        else { return pool }
        var merged = pool
        for name in found.fileNames { try? merged.add(found.files[name]!) }
        return merged
    }
}

extension RequestOptions {
    /// Whether a gRPC call's schema comes from the server's reflection: no descriptor set or `.proto` file named.
    fileprivate var reflects: Bool { (protosets ?? []).isEmpty && (protoFiles ?? []).isEmpty }
}
