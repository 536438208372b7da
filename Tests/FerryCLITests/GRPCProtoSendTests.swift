import FerryTestSupport
import Foundation
import Testing

/// `ferry send grpc://…` and `ferry grpc list|describe` with the schema read from `.proto` files
/// (`--proto`, `--import-path`) against grpcio without reflection, and through gRPC-Web
/// (`--grpc-web`, `--grpc-web-text`) against sonora: servers nobody here wrote (Tests/Fixtures/grpc).
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCProtoSendTests {
    static let protos = ["--proto", "helloworld.proto", "--proto", "route_guide.proto", "--import-path", PythonGRPCServer.fixtures]

    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func everyCallKindWithProtoFilesInsteadOfReflection() async throws {
        let server = try await PythonGRPCServer(["--reflection", "none"])
        let unary = await FerryBinary.run(["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "proto"}"#] + Self.protos)
        #expect(unary.status == 0, "\(unary.stderr)")
        #expect(unary.text == "{\n  \"message\": \"Hello proto\"\n}\n")
        let rectangle = #"{"lo": {"latitude": 400000000, "longitude": -750000000}, "hi": {"latitude": 420000000, "longitude": -730000000}}"#
        let stream = await FerryBinary.run(
            ["send", server.url("routeguide.RouteGuide/ListFeatures"), "-d", rectangle, "--json"] + Self.protos)
        #expect(stream.status == 0, "\(stream.stderr)")
        #expect(lines(stream.text).count == 5)
        let directory = try TemporaryDirectory()
        let points = try directory.write("points.jsonl", Data("{\"latitude\": 1}\n{\"latitude\": 2}\n".utf8))
        let client = await FerryBinary.run(["send", server.url("routeguide.RouteGuide/RecordRoute")] + Self.protos, standardInput: points)
        #expect(client.status == 0, "\(client.stderr)")
        #expect(client.text.contains("\"pointCount\": 2"))
        let notes = try directory.write("notes.jsonl", Data("{\"message\": \"a\"}\n{\"message\": \"b\"}\n".utf8))
        let bidi = await FerryBinary.run(
            ["send", server.url("routeguide.RouteGuide/RouteChat"), "--json"] + Self.protos, standardInput: notes)
        #expect(bidi.status == 0, "\(bidi.stderr)")
        #expect(lines(bidi.text).compactMap { ($0["message"] as? [String: Any])?["message"] as? String } == ["echo a", "echo b"])
        let failed = await FerryBinary.run(
            ["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "status:5"}"#] + Self.protos)
        #expect(failed.status == 3)
        #expect(failed.stderr.contains("gRPC status NOT_FOUND (5): failed on purpose"), "\(failed.stderr)")
    }

    @Test func aSentCallIsRecordedWithItsProtoFilesAndReplays() async throws {
        let server = try await PythonGRPCServer(["--reflection", "none"])
        let home = try TemporaryDirectory()
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 }
        let sent = await FerryBinary.run(
            [
                "send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "again"}"#, "-H", "x-echo: e", "--proto",
                "helloworld.proto",
                "--import-path", PythonGRPCServer.fixtures,
            ], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        let shown = await FerryBinary.run(["history", "show", "1"], environment: environment)
        #expect(shown.text.contains(#"{"messages":[{"message":"Hello again"}],"status":{"code":0,"name":"OK","message":""}}"#))
        // From another folder, without the flags: the schema comes from the recorded files (the server has no reflection).
        let replayed = await FerryBinary.run(["history", "replay", "1"], environment: environment, directory: home.path)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.text.contains(#"{"messages":[{"message":"Hello again"}],"status":{"code":0,"name":"OK","message":""}}"#))
        #expect(replayed.text.contains("x-echo: e"))
    }

    @Test func listAndDescribeFromProtoFiles() async throws {
        let listed = await FerryBinary.run(["grpc", "list", "grpc://127.0.0.1:9"] + Self.protos)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.text == "helloworld.Greeter\nrouteguide.RouteGuide\n")
        let described = await FerryBinary.run(
            [
                "grpc", "describe", "grpc://127.0.0.1:9", "routeguide.Rectangle", "--proto", "route_guide.proto", "-I",
                PythonGRPCServer.fixtures,
            ])
        #expect(
            described.text
                == "routeguide.Rectangle is a message:\nmessage Rectangle {\n  .routeguide.Point lo = 1;\n  .routeguide.Point hi = 2;\n}\n")
    }

    @Test func aBadProtoFileIsALocatedError() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("bad.proto", Data("syntax = \"proto3\";\nmessage M {\n  Nope n = 1;\n}\n".utf8))
        let sent = await FerryBinary.run(["grpc", "list", "grpc://127.0.0.1:9", "--proto", "bad.proto", "-I", directory.path])
        #expect(sent.status == 1)
        #expect(sent.stderr == "ferry: bad.proto:3:3: \"Nope\" is not defined in this file\n", "\(sent.stderr)")
    }

    @Test(.enabled(if: PythonGRPCServer.hasWeb, "needs sonora and hypercorn"))
    func gRPCWebThroughTheFlags() async throws {
        let server = try await PythonGRPCServer(script: "web_server.py")
        let unary = await FerryBinary.run(
            ["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "web"}"#, "--grpc-web", "-i"] + Self.protos)
        #expect(unary.status == 0, "\(unary.stderr)")
        #expect(unary.text.hasPrefix("HTTP/1.1 200"), "\(unary.text)")
        #expect(unary.text.contains("\"message\": \"Hello web\""))
        #expect(unary.text.hasSuffix("grpc-status: 0\n"), "\(unary.text)")
        let rectangle = #"{"lo": {"latitude": 400000000, "longitude": -750000000}, "hi": {"latitude": 420000000, "longitude": -730000000}}"#
        let stream = await FerryBinary.run(
            ["send", server.url("routeguide.RouteGuide/ListFeatures"), "-d", rectangle, "--grpc-web-text", "--http2", "--json"]
                + Self.protos)
        #expect(stream.status == 0, "\(stream.stderr)")
        let output = lines(stream.text)
        #expect(output.count == 3)
        #expect((output.last?["grpc"] as? [String: Any])?["messages"] as? Int == 2)
        let failed = await FerryBinary.run(
            ["send", server.url("helloworld.Greeter/SayHello"), "-d", #"{"name": "status:7"}"#, "--grpc-web"] + Self.protos)
        #expect(failed.status == 3)
        #expect(failed.stderr.contains("gRPC status PERMISSION_DENIED (7): failed on purpose"), "\(failed.stderr)")
    }

    /// A request file's `proto:` (resolved in the collection, its imports under `importPaths`) and `web:`.
    @Test func requestFilesNameProtoFilesAndGRPCWeb() async throws {
        let collection = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: collection.file("protos"), withIntermediateDirectories: true)
        for name in ["helloworld.proto", "route_guide.proto"] {
            try FileManager.default.copyItem(
                atPath: (PythonGRPCServer.fixtures as NSString).appendingPathComponent(name), toPath: collection.file("protos/\(name)"))
        }
        let server = try await PythonGRPCServer(["--reflection", "none"])
        _ = try collection.write(
            "hello.ferry.yaml",
            Data(
                """
                url: \(server.url("helloworld.Greeter/SayHello"))
                body:
                  grpc:
                    message: {name: files}
                    proto: protos/helloworld.proto
                    importPaths: protos
                expect:
                  body:
                    $.messages[0].message: Hello files
                """.utf8))
        let sent = await FerryBinary.run(["run", collection.path])
        #expect(sent.status == 0, "\(sent.text)\(sent.stderr)")
        _ = try collection.write(
            "outside.ferry.yaml",
            Data("url: \(server.url("helloworld.Greeter/SayHello"))\nbody:\n  grpc:\n    message: {}\n    proto: ../x.proto\n".utf8))
        let refused = await FerryBinary.run(["send", collection.file("outside.ferry.yaml")])
        #expect(refused.status != 0 && refused.stderr.contains("outside the collection"), "\(refused.stderr)")
        guard PythonGRPCServer.hasWeb else { return }
        let web = try await PythonGRPCServer(script: "web_server.py")
        _ = try collection.write(
            "web.ferry.yaml",
            Data(
                """
                url: \(web.url("helloworld.Greeter/SayHello"))
                body:
                  grpc:
                    message: {name: web}
                    proto: protos/helloworld.proto
                    web: text
                expect:
                  body:
                    $.messages[0].message: Hello web
                """.utf8))
        let viaWeb = await FerryBinary.run(["send", collection.file("web.ferry.yaml")])
        #expect(viaWeb.status == 0, "\(viaWeb.text)\(viaWeb.stderr)")
    }
}
