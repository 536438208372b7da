import FerryCore
import Foundation

/// Asks a server for its schema through gRPC server reflection: `grpc.reflection.v1` first and
/// `v1alpha` when the server does not implement it. Each question is a call of its own.
public struct GRPCReflection: Sendable {
    public let client: GRPCClient
    /// The server (its URL's method part is not used) and the metadata, TLS options and deadline of its calls.
    public var template: GRPCCall

    public init(client: GRPCClient, template: GRPCCall) {
        self.client = client
        self.template = template
    }

    /// The server's answer to `question`, from whichever reflection service it has.
    public func ask(_ question: ReflectionMessages.Question) async throws -> ReflectionMessages.Answer {
        var lastStatus: GRPCStatus?
        for service in ReflectionMessages.services {
            var call = template
            call.method = service + "/" + ReflectionMessages.method
            call.messages = .fixed([ReflectionMessages.request(question)])
            let answers = Answers()
            let outcome: GRPCClient.Outcome
            do {
                outcome = try await client.run(call) { message, _ in answers.add(message) }
            } catch FerryError.transportFailed(let reason) where reason.kind == .http2Error {
                // A server without this service may answer UNIMPLEMENTED at once and reset the stream,
                // which libcurl 7.88 reports as a stream error (GRPCClient): try the next service.
                lastStatus = GRPCStatus(code: 12, message: "the server reset the call's stream")
                continue
            }
            if outcome.status.code == 12 {
                lastStatus = outcome.status
                continue
            }
            guard outcome.status.isOK, let first = answers.first else {
                throw ProtoCodecError("server reflection failed: \(outcome.status.codeName): \(outcome.status.message)")
            }
            return try ReflectionMessages.answer(first)
        }
        throw ProtoCodecError(
            "the server implements neither grpc.reflection.v1 nor v1alpha (\(lastStatus?.message ?? "UNIMPLEMENTED")); give its schema with --protoset"
        )
    }

    /// The services the server lists.
    public func services() async throws -> [String] {
        switch try await ask(.listServices) {
        case .services(let names): return names.sorted()
        case .error(let code, let message): throw ProtoCodecError("server reflection answered error \(code): \(message)")
        case .files: throw ProtoCodecError("server reflection answered a list of services with files")
        }
    }

    /// A pool holding the files that declare `symbols` and everything they import, fetched until
    /// nothing is missing. Each file is fetched once, so imports that loop end; the pool's own
    /// bound stops a server that keeps inventing files.
    public func pool(containing symbols: [String]) async throws -> DescriptorPool {
        var pool = DescriptorPool()
        for symbol in symbols where pool.file(declaring: symbol) == nil {
            try add(try await ask(.fileContainingSymbol(symbol)), to: &pool, asked: symbol)
        }
        var asked: Set<String> = []
        while let missing = pool.missingImports.first(where: { !asked.contains($0) }) {
            asked.insert(missing)
            try add(try await ask(.fileByName(missing)), to: &pool, asked: missing)
        }
        return pool
    }

    private func add(_ answer: ReflectionMessages.Answer, to pool: inout DescriptorPool, asked: String) throws {
        switch answer {
        case .files(let files): for file in files { try pool.add(serializedFile: file) }
        case .error(let code, let message):
            throw ProtoCodecError("server reflection does not know \(asked) (error \(code): \(message))")
        case .services: throw ProtoCodecError("server reflection answered a list of services when asked for \(asked)")
        }
    }
}

/// The messages of one reflection answer, gathered on the transport's thread.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [[UInt8]] = []

    func add(_ message: [UInt8]) { lock.withLock { messages.append(message) } }
    var first: [UInt8]? { lock.withLock { messages.first } }
}
