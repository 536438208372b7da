import FerryTestSupport
import Foundation
import Testing

/// gRPC message compression (issue 33) against grpcio: requests compressed with `--grpc-compression`
/// or a request file's `compression:`, and answers of a server that compresses every message
/// (server.py `--compression`) decoded.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCCompressionTests {
    private func environment(_ home: TemporaryDirectory) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 }
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedRequestsAndAnswersOfEachKind(_ compression: String) async throws {
        let server = try await PythonGRPCServer(["--compression", compression])
        let home = try TemporaryDirectory()
        let sent = await FerryBinary.run(
            ["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "zipped"}"#, "--grpc-compression", compression, "-i"],
            environment: environment(home))
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("grpc-encoding: \(compression)"), "the answer came compressed: \(sent.text)")
        #expect(sent.text.contains(#""message": "Hello zipped""#), "\(sent.text)")

        // A client stream: each message compressed on its own.
        let stdin = try home.write("points.jsonl", Data("{\"latitude\": 1}\n{\"latitude\": 2}\n".utf8))
        let streamed = await FerryBinary.run(
            ["send", server.url("routeguide.RouteGuide/RecordRoute"), "--grpc-compression", compression, "--no-history"],
            standardInput: stdin, environment: environment(home))
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.text.contains("\"pointCount\": 2"), "\(streamed.text)")
    }

    @Test func aRequestFileCompressesItsMessagesAndChecksTheAnswersEncoding() async throws {
        let server = try await PythonGRPCServer(["--compression", "gzip"])
        let home = try TemporaryDirectory()
        let file = try home.write(
            "features.ferry.yaml",
            Data(
                """
                url: \(server.url("routeguide.RouteGuide/ListFeatures"))
                body:
                  grpc:
                    compression: gzip
                    message: {lo: {latitude: 400000000, longitude: -750000000}, hi: {latitude: 420000000, longitude: -730000000}}
                expect:
                  headers:
                    grpc-encoding: gzip
                  body:
                    $.messages: {count: 4}
                """.utf8))
        let sent = await FerryBinary.run(["send", file], environment: environment(home))
        #expect(sent.status == 0, "\(sent.stdout) \(sent.stderr)")
        let wrong = try home.write(
            "wrong.ferry.yaml", Data("url: \(server.url("helloworld.Greeter/SayHello"))\nbody:\n  grpc:\n    compression: zip\n".utf8))
        let refused = await FerryBinary.run(["send", wrong], environment: environment(home))
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("body.grpc.compression") && refused.stderr.contains("expected gzip or deflate"), "\(refused.stderr)")
    }
}
