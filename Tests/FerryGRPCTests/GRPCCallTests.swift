import FerryCore
import FerryGRPC
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Calls over libcurl's HTTP/2 against servers nobody here wrote (grpcio) and against hostile ones
/// (the fixture's h2 server, or the same script speaking HTTP/1.1): every failure is a clear error
/// or status, and none hangs.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio and h2 (scripts/install-deps)"))
struct GRPCCallTests {
    let client = GRPCClient(transport: CurlTransport(hashesBodies: false))

    func call(_ url: String, timeout: Double? = 10) throws -> GRPCCall {
        let target = try GRPCTarget(url)
        var call = GRPCCall(target: target, method: target.method, messages: .fixed([[]]))
        call.timeout = timeout
        return call
    }

    @Test func reflectionFindsTheServicesAndTheirFiles() async throws {
        let server = try await PythonGRPCServer()
        let reflection = GRPCReflection(client: client, template: try call(server.url()))
        #expect(try await reflection.services().contains("helloworld.Greeter"))
        let pool = try await reflection.pool(containing: ["routeguide.RouteGuide"])
        #expect(pool.service("routeguide.RouteGuide")?.methods.map(\.name) == ["GetFeature", "ListFeatures", "RecordRoute", "RouteChat"])
        #expect(pool.missingImports.isEmpty)
    }

    @Test func reflectionFallsBackToV1alpha() async throws {
        let server = try await PythonGRPCServer(["--reflection", "v1alpha"])
        let reflection = GRPCReflection(client: client, template: try call(server.url()))
        let services = try await reflection.services()
        #expect(services.contains("helloworld.Greeter"))
        #expect(!services.contains("grpc.reflection.v1.ServerReflection"))
    }

    @Test func aServerWithoutReflectionSaysToGiveAProtoset() async throws {
        let server = try await PythonGRPCServer(["--reflection", "none"])
        let reflection = GRPCReflection(client: client, template: try call(server.url()))
        await #expect { try await reflection.services() } throws: { "\($0)".contains("--protoset") }
    }

    @Test func aStreamEndingWithoutTrailersHasNoStatus() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py")
        let outcome = try await client.run(try call(server.url("x.Y/NoTrailers"))) { _, _ in }
        #expect(outcome.messageCount == 1)
        #expect(outcome.status.code == 13)
        #expect(outcome.status.message.contains("without a grpc-status"))
    }

    @Test func aMalformedFrameIsAnError() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py")
        await #expect { try await client.run(try call(server.url("x.Y/BadFrame"))) { _, _ in } } throws: {
            "\($0)".contains("flag byte is 7")
        }
    }

    @Test func aFourGigabyteLengthIsRefusedAtOnce() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py")
        await #expect { try await client.run(try call(server.url("x.Y/Huge"))) { _, _ in } } throws: {
            "\($0)".contains("4294967295 bytes is larger than the limit")
        }
    }

    @Test func aServerThatNeverEndsTheCallMeetsTheDeadline() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py")
        let outcome = try await client.run(try call(server.url("x.Y/Hang"), timeout: 0.5)) { _, _ in }
        #expect(outcome.status.code == 4)
    }

    @Test func callsOverGRPCShareOneConnection() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py")
        var connections: [String] = []
        for _ in 0..<3 {
            let outcome = try await client.run(try call(server.url("x.Y/Connection"))) { _, _ in }
            #expect(outcome.status.isOK)
            connections.append(outcome.response?.trailers["x-connection"] ?? "none")
        }
        #expect(connections == ["1", "1", "1"])
    }

    @Test func aCallAfterTheServerClosedTheConnectionMakesANewOne() async throws {
        let first = try await PythonGRPCServer(script: "hostile_h2.py")
        let url = first.url("x.Y/Connection")
        #expect(try await client.run(try call(url)) { _, _ in }.status.isOK)
        first.stop()
        let second = try await PythonGRPCServer(script: "hostile_h2.py", ["--port", "\(first.port)"])
        // The open connection is gone: the call is not sent on it, nor lost, but made on a new one.
        let outcome = try await client.run(try call(url)) { _, _ in }
        #expect(outcome.status.isOK)
        #expect(outcome.response?.trailers["x-connection"] == "1")
        second.stop()
    }

    @Test func anHTTP1ServerIsNamedAsNotGRPC() async throws {
        let server = try await PythonGRPCServer(script: "hostile_h2.py", ["--http1"])
        await #expect { try await client.run(try call(server.url("x.Y/Z"))) { _, _ in } } throws: { error in
            "\(error)".contains("is this an HTTP/1.1 server rather than a gRPC one?")
        }
    }
}
