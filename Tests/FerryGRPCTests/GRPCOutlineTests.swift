import FerryCore
import FerryGRPC
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Issue 33: the outline the TUI completes with, from a request's `.proto` files (no server asked)
/// and from grpcio's reflection.
@Suite struct GRPCOutlineTests {
    private func check(_ outline: GRPCSchemaOutline) {
        #expect(outline.methods["routeguide.RouteGuide/ListFeatures"] == "routeguide.Rectangle")
        #expect(outline.messages["routeguide.Rectangle"]?.map(\.name) == ["lo", "hi"])
        #expect(outline.messages["routeguide.Rectangle"]?.first?.messageType == "routeguide.Point")
        #expect(!outline.methods.keys.contains { $0.hasPrefix("grpc.reflection.") }, "reflection's own methods are left out")
    }

    @Test func fromTheRequestsProtoFilesWithoutAServer() async throws {
        var request = Request(method: .post, url: try Request.parseURL("grpc://127.0.0.1:1/routeguide.RouteGuide/"))
        request.options.protoFiles = ["route_guide.proto"]
        request.options.protoImportPaths = [PythonGRPCServer.fixtures]
        check(try await GRPCTransport(inner: CurlTransport()).outline(of: request))
    }

    @Test(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
    func fromReflection() async throws {
        let server = try await PythonGRPCServer()
        defer { server.stop() }
        let request = Request(method: .post, url: try Request.parseURL(server.url()))
        let outline = try await GRPCTransport(inner: CurlTransport()).outline(of: request)
        check(outline)
        #expect(outline.methods["helloworld.Greeter/SayHello"] == "helloworld.HelloRequest")
    }
}
