import FerryCore
import Foundation
import Synchronization

/// The last call `GRPCTransport` prepared — its schema, method and messages encoded from the body's
/// JSON — by what they depend on (the URL, the schema's files, the body), so that a run repeating
/// one request looks its method up and encodes its JSON once rather than for every call. Only the
/// last is kept, and only for a body of at most `largestBody` bytes.
final class GRPCPreparedCalls: Sendable {
    /// What a prepared call depends on.
    struct Key: Equatable, Sendable {
        var url: String
        var schemaFiles: [String]
        var body: Data
    }

    /// A call ready to send but for its per-request fields (metadata, deadline, credentials).
    struct Prepared: Sendable {
        var target: GRPCTarget
        var pool: DescriptorPool
        var method: ProtoService.Method
        /// `package.Service/Method`, as the schema names it.
        var path: String
        var messages: [[UInt8]]
    }

    static let largestBody = 64 << 10

    private let last = Mutex<(key: Key, prepared: Prepared)?>(nil)

    /// The key of `request`; nil when its body is not kept (too large, or not bytes).
    static func key(of request: Request) -> Key? {
        let body: Data
        switch request.body {
        case .none: body = Data()
        case .bytes(let data) where data.count <= largestBody: body = data
        default: return nil
        }
        let options = request.options
        let files = (options.protosets ?? []) + [""] + (options.protoFiles ?? []) + [""] + (options.protoImportPaths ?? [])
        return Key(url: request.url.absoluteString, schemaFiles: files, body: body)
    }

    func prepared(for key: Key) -> Prepared? {
        last.withLock { $0?.key == key ? $0?.prepared : nil }
    }

    func keep(_ prepared: Prepared, for key: Key) {
        last.withLock { $0 = (key, prepared) }
    }
}
