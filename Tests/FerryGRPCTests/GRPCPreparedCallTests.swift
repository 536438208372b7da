import FerryCore
import FerryGRPC
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Issue 33's speed work: one `GRPCTransport` keeps the last call it prepared (method and encoded
/// messages) for the next one of the same URL and body; a call of another body or method is
/// prepared anew, so every answer is its own request's.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCPreparedCallTests {
    @Test func callsOfOtherBodiesAndMethodsAreNotAnsweredWithTheLastOnesMessages() async throws {
        let server = try await PythonGRPCServer()
        defer { server.stop() }
        let transport = GRPCTransport(inner: CurlTransport())
        let calls = [
            ("helloworld.Greeter/SayHello", "a", "Hello a"), ("helloworld.Greeter/SayHello", "a", "Hello a"),
            ("helloworld.Greeter/SayHello", "b", "Hello b"), ("helloworld.Greeter/SayHelloAgain", "b", "Hello again b"),
            ("helloworld.Greeter/SayHello", "a", "Hello a"),
        ]
        for (method, name, answer) in calls {
            var request = Request(method: .post, url: try Request.parseURL(server.url(method)))
            request.body = .bytes(Data(#"[{"name": "\#(name)"}]"#.utf8))
            let response = try await transport.send(request, receivingInto: .default, progress: nil)
            let body = String(decoding: try response.body.data(), as: UTF8.self)
            #expect(body.contains(#"{"message":"\#(answer)"}"#), "\(method) \(name): \(body)")
        }
    }
}
