import FerryServer
import Foundation

/// Runs `body` against a fresh demo server on a free 127.0.0.1 port, shutting it down afterwards;
/// its OAuth 2.0 access tokens live `tokenLifetime` seconds.
public func withDemoServer<T>(
    tls: DemoTLSIdentity? = nil, tokenLifetime: Int = 300, _ body: (DemoServer) async throws -> T
) async throws -> T {
    let server = try await DemoServer.start(tls: tls, tokenLifetime: tokenLifetime)
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
