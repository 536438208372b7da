import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// The demo server's gRPC face (issue 33, item 5): `ferry.demo.Demo` and server reflection served as
/// gRPC-Web over its HTTP/1.1, called by the real `ferry` — every method, both forms, errors with
/// details, deadlines, a large stream, and the Examples' gRPC request files through `ferry run`.
@Suite struct DemoGRPCTests {
    private func grpc(_ server: DemoServer, _ method: String = "") -> String { "grpc://127.0.0.1:\(server.port)/\(method)" }

    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func reflectionListsAndDescribesTheDemoService() async throws {
        try await withDemoServer { server in
            let list = await FerryBinary.run(["grpc", "list", grpc(server), "--grpc-web"])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.text.split(separator: "\n").contains("ferry.demo.Demo"), "\(list.text)")
            let methods = await FerryBinary.run(["grpc", "list", grpc(server), "ferry.demo.Demo", "--grpc-web-text"])
            #expect(
                methods.text.split(separator: "\n").map(String.init)
                    == ["Hello", "Ticks", "Sum", "Chat", "Fail", "Sleep"].map { "ferry.demo.Demo." + $0 },
                "\(methods.text)\(methods.stderr)")
            let described = await FerryBinary.run(["grpc", "describe", grpc(server), "ferry.demo.TicksRequest", "--grpc-web"])
            #expect(described.text.contains("int32 interval_ms = 2;"), "\(described.text)\(described.stderr)")
        }
    }

    @Test func aUnaryCallInBothFormsAndALargeStream() async throws {
        try await withDemoServer { server in
            for form in ["--grpc-web", "--grpc-web-text"] {
                let hello = await FerryBinary.run(["send", grpc(server, "ferry.demo.Demo/Hello"), form, "-d", #"{"name": "demo"}"#])
                #expect(hello.status == 0, "\(form): \(hello.stderr)")
                #expect(hello.text == "{\n  \"message\": \"Hello demo\"\n}\n", "\(form): \(hello.text)")
            }
            let ticks = await FerryBinary.run(
                ["send", grpc(server, "ferry.demo.Demo/Ticks"), "--grpc-web-text", "-d", #"{"count": 3000, "size": 100}"#, "--json"])
            #expect(ticks.status == 0, "\(ticks.stderr)")
            let output = lines(ticks.text)
            #expect(output.count == 3001)
            #expect((output[2999]["message"] as? [String: Any])?["n"] as? Int == 3000)
            #expect((output.last?["grpc"] as? [String: Any])?["messages"] as? Int == 3000, "\(ticks.text.suffix(300))")
        }
    }

    @Test func anErrorWithDetailsAndADeadline() async throws {
        try await withDemoServer { server in
            let failed = await FerryBinary.run([
                "send", grpc(server, "ferry.demo.Demo/Fail"), "--grpc-web", "-d", #"{"code": 5, "message": "no such thing"}"#,
            ])
            #expect(failed.status == 3)
            #expect(failed.stderr.contains("gRPC status NOT_FOUND (5): no such thing"), "\(failed.stderr)")
            #expect(
                failed.stderr.contains(#""@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"code""#),
                "\(failed.stderr)")
            let slept = await FerryBinary.run([
                "send", grpc(server, "ferry.demo.Demo/Sleep"), "--grpc-web", "-d", #"{"seconds": 5}"#, "--max-time", "0.5",
            ])
            #expect(slept.status == 3)
            #expect(slept.stderr.contains("DEADLINE_EXCEEDED (4)"), "\(slept.stderr)")
        }
    }

    @Test func theExamplesGRPCFilesRunAgainstTheDemoServer() async throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
            .standardizedFileURL.path
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let run = await FerryBinary.run(
                ["run", examples + "/grpc", "--env", "demo", "--var", "baseURL=\(server.baseURL)"],
                environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 })
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            #expect(run.text.contains("4 passed, 0 failed"), "\(run.text)")
            // A client stream and a bidirectional one from a request file: all messages sent at once, as gRPC-Web can.
            let sum = try home.write(
                "sum.ferry.yaml",
                Data(
                    """
                    url: \(server.baseURL)/ferry.demo.Demo/Sum
                    body:
                      grpc:
                        web: binary
                        messages: [{value: 2}, {value: 40}]
                    expect:
                      body:
                        $.messages[0].sum: "42"
                    """.utf8))
            let summed = await FerryBinary.run(["send", sum], environment: ["XDG_DATA_HOME": home.path, "HOME": home.path])
            #expect(summed.status == 0, "\(summed.text)\(summed.stderr)")
        }
    }

    @Test func compressedRequestsAreReadAndAnUnknownEncodingIsRefusedAsGrpcioDoes() async throws {
        try await withDemoServer { server in
            for (form, compression) in [("--grpc-web", "gzip"), ("--grpc-web-text", "gzip"), ("--grpc-web", "deflate")] {
                let hello = await FerryBinary.run([
                    "send", grpc(server, "ferry.demo.Demo/Hello"), form, "--grpc-compression", compression, "-d", #"{"name": "zipped"}"#,
                    "--no-history",
                ])
                #expect(hello.status == 0, "\(form) \(compression): \(hello.stderr)")
                #expect(hello.text.contains(#""message": "Hello zipped""#), "\(form) \(compression): \(hello.text)")
            }
            // A message flagged compressed (its 5-byte prefix's first byte 1) with an encoding the server
            // does not read, then with none named: grpcio's UNIMPLEMENTED and INTERNAL.
            let home = try TemporaryDirectory()
            let body = try home.write("frame", Data([1, 0, 0, 0, 2, 0x0A, 0]))
            for (encoding, status) in [("br", "12"), ("identity", "13")] {
                let answer = await ChildProcess.run(
                    "/usr/bin/curl",
                    [
                        "-sS", "-H", "Content-Type: application/grpc-web+proto", "-H", "grpc-encoding: \(encoding)", "--data-binary",
                        "@" + body, "\(server.baseURL)/ferry.demo.Demo/Hello",
                    ])
                #expect(answer.status == 0, "\(answer.stderr)")
                #expect(answer.text.contains("grpc-status: \(status)\r\n"), "\(encoding): \(answer.text)")
            }
        }
    }
}
