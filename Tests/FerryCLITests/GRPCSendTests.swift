import FerryTestSupport
import Foundation
import Testing

/// `ferry send grpc://…` and `ferry grpc list|describe` against a gRPC server nobody here wrote:
/// Python's grpcio with grpcio-reflection serving grpc/grpc's helloworld and route_guide examples
/// (Tests/Fixtures/grpc) — every call kind, metadata, reflection v1 and v1alpha, protosets, deadlines,
/// every status code with details, TLS.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCSendTests {
    static let identity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FerryServer/TestIdentity").path

    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private func input(_ text: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        return (directory, try directory.write("stdin.jsonl", Data(text.utf8)))
    }

    @Test func aUnaryCallPrintsItsAnswer() async throws {
        let server = try await PythonGRPCServer()
        let sent = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "world"}"#])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text == "{\n  \"message\": \"Hello world\"\n}\n")
    }

    @Test func aServerStreamPrintsEachMessageAndTheStatusAsJSONLines() async throws {
        let server = try await PythonGRPCServer()
        let rectangle = #"{"lo": {"latitude": 400000000, "longitude": -750000000}, "hi": {"latitude": 420000000, "longitude": -730000000}}"#
        let sent = await FerryBinary.run(["send", server.url("routeguide.RouteGuide/ListFeatures"), "-d", rectangle, "--json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let output = lines(sent.text)
        try #require(output.count == 5, "\(sent.text)")
        #expect((output[0]["message"] as? [String: Any])?["name"] as? String == "Patriots Path, Mendham, NJ 07945, USA")
        #expect(output[0]["index"] as? Int == 1)
        #expect((output[3]["message"] as? [String: Any])?["name"] == nil)  // an empty name is a default, left out
        let end = try #require(output[4]["grpc"] as? [String: Any])
        #expect(end["status"] as? Int == 0)
        #expect(end["messages"] as? Int == 4)
        #expect(output[4]["exitCode"] as? Int == 0)
    }

    @Test func aClientStreamReadsJSONLinesFromStandardInput() async throws {
        let server = try await PythonGRPCServer()
        let (directory, stdin) = try input("{\"latitude\": 1}\n\n{\"latitude\": 2}\n{}\n")
        let sent = await FerryBinary.run(["send", server.url("routeguide.RouteGuide/RecordRoute")], standardInput: stdin)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("\"pointCount\": 3"))
        _ = directory
    }

    @Test func aLineOfStandardInputThatIsNoMessageStopsTheCall() async throws {
        let server = try await PythonGRPCServer()
        let (directory, stdin) = try input("{\"latitude\": 1}\n{\"nope\": 2}\n")
        let sent = await FerryBinary.run(["send", server.url("routeguide.RouteGuide/RecordRoute")], standardInput: stdin)
        #expect(sent.status == 1)
        #expect(
            sent.stderr.contains("stdin line 2 is not a routeguide.Point: routeguide.Point has no field \"nope\" (at /nope, byte 9)"),
            "\(sent.stderr)")
        _ = directory
    }

    @Test func aBidirectionalStreamAnswersEachMessage() async throws {
        let server = try await PythonGRPCServer()
        let (directory, stdin) = try input("{\"message\": \"a\"}\n{\"message\": \"b\"}\n")
        let sent = await FerryBinary.run(["send", server.url("routeguide.RouteGuide/RouteChat"), "--json"], standardInput: stdin)
        #expect(sent.status == 0, "\(sent.stderr)")
        let messages = lines(sent.text).compactMap { ($0["message"] as? [String: Any])?["message"] as? String }
        #expect(messages == ["echo a", "echo b"])
        _ = directory
    }

    @Test func metadataGoesOutAndHeadersAndTrailersComeBack() async throws {
        let server = try await PythonGRPCServer()
        let sent = await FerryBinary.run([
            "send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "m"}"#, "-H", "x-echo: one", "-H", "X-Trailer: two", "-i",
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.hasPrefix("HTTP/2 200\n"))
        #expect(sent.text.contains("x-echo: one\n"))
        #expect(sent.text.contains("\"message\": \"Hello m\""))
        #expect(sent.text.contains("x-trailer: two\n"))
        #expect(sent.text.contains("grpc-status: 0\n"))
    }

    @Test func everyStatusCodeExitsThreeWithItsNameAndDetails() async throws {
        let server = try await PythonGRPCServer()
        let names = [
            "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED",
            "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
            "UNAUTHENTICATED",
        ]
        for (index, name) in names.enumerated() {
            let code = index + 1
            let sent = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", "{\"name\": \"status:\(code)\"}"])
            #expect(sent.status == 3, "\(code): \(sent.stderr)")
            #expect(sent.stderr.contains("gRPC status \(name) (\(code)): failed on purpose"), "\(sent.stderr)")
        }
        let detailed = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "status:3"}"#, "--json"])
        let end = try #require(lines(detailed.text).last?["grpc"] as? [String: Any])
        let detail = try #require((end["details"] as? [[String: Any]])?.first)
        #expect(detail["@type"] as? String == "type.googleapis.com/google.rpc.BadRequest")
        // The detail's type came from the server's reflection, so it is decoded.
        let violation = (detail["fieldViolations"] as? [[String: Any]])?.first
        #expect(violation?["description"] as? String == "not a name")
    }

    @Test func theDeadlineIsSentAndKept() async throws {
        let server = try await PythonGRPCServer()
        let sent = await FerryBinary.run([
            "send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "sleep:5"}"#, "--max-time", "0.5",
        ])
        #expect(sent.status == 3, "\(sent.stderr)")
        #expect(sent.stderr.contains("DEADLINE_EXCEEDED"))
    }

    @Test func aProtosetReplacesReflection() async throws {
        let server = try await PythonGRPCServer(["--reflection", "none"])
        let directory = try TemporaryDirectory()
        let protoset = directory.file("helloworld.protoset")
        let built = await ChildProcess.run(
            "/usr/bin/env",
            [
                "python3", "-m", "grpc_tools.protoc", "-I", PythonGRPCServer.fixtures, "--include_imports",
                "--descriptor_set_out=" + protoset, "helloworld.proto",
            ])
        try #require(built.status == 0, "\(built.stderr)")
        let sent = await FerryBinary.run([
            "send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "p"}"#, "--protoset", protoset,
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("Hello p"))
        let listed = await FerryBinary.run(["grpc", "list", server.url(), "--protoset", protoset])
        #expect(listed.text == "helloworld.Greeter\n")
        let refused = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", "{}"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--protoset"))
    }

    @Test func listAndDescribeAsGrpcurlDoes() async throws {
        let server = try await PythonGRPCServer(["--reflection", "v1alpha"])
        let listed = await FerryBinary.run(["grpc", "list", server.url()])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.text.contains("helloworld.Greeter\n"))
        #expect(listed.text.contains("routeguide.RouteGuide\n"))
        let methods = await FerryBinary.run(["grpc", "list", server.url(), "routeguide.RouteGuide"])
        #expect(methods.text.hasPrefix("routeguide.RouteGuide.GetFeature\nrouteguide.RouteGuide.ListFeatures\n"))
        let message = await FerryBinary.run(["grpc", "describe", server.url(), "routeguide.Rectangle"])
        #expect(
            message.text
                == "routeguide.Rectangle is a message:\nmessage Rectangle {\n  .routeguide.Point lo = 1;\n  .routeguide.Point hi = 2;\n}\n")
        let method = await FerryBinary.run(["grpc", "describe", server.url(), "routeguide.RouteGuide.RouteChat"])
        #expect(
            method.text.contains("rpc RouteChat ( stream .routeguide.RouteNote ) returns ( stream .routeguide.RouteNote );"),
            "\(method.stderr)")
    }

    @Test func badJSONIsALocatedInputError() async throws {
        let server = try await PythonGRPCServer()
        let sent = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": 5}"#])
        #expect(sent.status == 1)
        #expect(
            sent.stderr.contains("-d #1 is not a helloworld.HelloRequest: expected a string, found the number 5 (at /name, byte 9)"),
            "\(sent.stderr)")
        let unknown = await FerryBinary.run(["send", server.url("helloworld.Greeter/Nope"), "-d", "{}"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("has no method Nope (methods: SayHello, SayHelloAgain)"), "\(unknown.stderr)")
    }

    @Test func grpcsGoesOverTLS() async throws {
        let server = try await PythonGRPCServer([
            "--tls", (Self.identity as NSString).appendingPathComponent("demo-server.cert.pem"),
            (Self.identity as NSString).appendingPathComponent("demo-server.key.pem"),
        ])
        let certificate = (Self.identity as NSString).appendingPathComponent("demo-server.cert.pem")
        let sent = await FerryBinary.run([
            "send", server.url("helloworld.Greeter/SayHello", tls: true), "-d", #"{"name": "tls"}"#, "--cacert", certificate,
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("Hello tls"))
        let untrusted = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello", tls: true), "-d", "{}"])
        #expect(untrusted.status == 2, "\(untrusted.stderr)")
    }
}
