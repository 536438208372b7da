import FerryCore
import FerryGRPC
import FerryTUI

extension ExchangeEffects {
    /// Asks the server of `outgoing` (a gRPC request) for its methods and message fields through the
    /// collection's pipeline transport (reflection, or the request's schema files) and answers with
    /// `.grpcSchemaLoaded`, or a notice saying why not.
    func loadGRPCSchema(server: String, _ outgoing: OutgoingRequest) {
        let transport = pipelines.pipeline(collection: cookieCollection, environment: outgoing.environment).transport
        let request = outgoing.resolved.request
        inbox.answer {
            do {
                let grpc = transport as? GRPCTransport ?? GRPCTransport(inner: transport)
                return .grpcSchemaLoaded(server: server, try await grpc.outline(of: request))
            } catch {
                return .notice("✗ no gRPC schema from \(server): " + ErrorChain(error).line)
            }
        }
    }
}
