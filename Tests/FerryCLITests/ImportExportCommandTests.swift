import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry import postman|har` and `ferry export har|postman` with the real binary, on the fixtures
/// exported by Postman and browsers (Tests/FerryInteropTests/Fixtures).
@Suite struct ImportExportCommandTests {
    static func fixture(_ format: String, _ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FerryInteropTests/Fixtures/\(format)/\(name)").path
    }

    /// Every file below `root` (hidden ones too) with its bytes.
    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
            var isDirectory: ObjCBool = false
            let absolute = (root as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: absolute))
            }
        }
        return files
    }

    @Test func importingACollectionTwiceWithForceWritesIdenticalFiles() async throws {
        let directory = try TemporaryDirectory()
        let source = Self.fixture("postman", "echo-v2.postman_collection.json")
        let first = await FerryBinary.run(["import", "postman", source, "--into", directory.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.text.contains("written auth-others/basic-auth.ferry.yaml  (item[1].item[0])"))
        #expect(first.text.contains("approximated: item[0].item[1].request.auth: the realm, nonce, algorithm given are not used"))
        let written = try Self.files(directory.path)
        #expect(
            written.keys.filter { $0.hasSuffix("/_folder.ferry.yaml") || $0 == "_folder.ferry.yaml" }.count == 6,
            "the collection's and five folders' descriptions")
        #expect(written.count == 22 + 6)

        let refused = await FerryBinary.run(["import", "postman", source, "--into", directory.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--force"))
        let again = await FerryBinary.run(["import", source, "--into", directory.path, "--force"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.files(directory.path) == written)
    }

    @Test(arguments: [
        ("postman", #"{"info": {"name": "x"}, "item": [{"name": "a", "request": {"url": "#, "line 1, column"),
        (
            "postman", #"{"info": {"schema": "https://schema.getpostman.com/json/collection/v9.0.0/collection.json"}, "item": []}"#,
            "/info/schema"
        ),
        ("har", #"{"log": {"version": "3.0", "entries": []}}"#, "/log/version"),
        ("har", #"{"log": {"entries": [{"request": {"method": "GET", "url": 7}}]}}"#, "/log/entries/0/request/url"),
    ])
    func malformedInputIsAnErrorNamingThePlaceAndWritesNothing(format: String, text: String, place: String) async throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write("bad.json", Data(text.utf8))
        let into = directory.file("collection")
        let outcome = await FerryBinary.run(["import", format, source, "--into", into])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("bad.json: \(place)"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: into))
    }

    @Test func aPostmanExportImportsBackToTheSameFiles() async throws {
        let directory = try TemporaryDirectory()
        let collection = directory.file("api")
        for source in ["inherited-entities.postman_collection.json", "v2-regression-tests.postman_environment.json"] {
            let outcome = await FerryBinary.run(["import", "postman", Self.fixture("postman", source), "--into", collection])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let out = directory.file("out")
        let export = await FerryBinary.run(["export", "postman", collection, "-o", out])
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try Self.files(out)
        #expect(
            exported.keys.sorted() == [
                "api.postman_collection.json", "inherited-entities.postman_environment.json", "regression-tests.postman_environment.json",
            ])
        let document = try #require(try JSONSerialization.jsonObject(with: exported["api.postman_collection.json"]!) as? [String: Any])
        #expect(
            (document["info"] as? [String: Any])?["schema"] as? String
                == "https://schema.getpostman.com/json/collection/v2.1.0/collection.json")

        let back = directory.file("back")
        for file in exported.keys.sorted() {
            let outcome = await FerryBinary.run(["import", "postman", (out as NSString).appendingPathComponent(file), "--into", back])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let original = try Self.files(collection).filter { $0.key.hasSuffix(".ferry.yaml") }
        #expect(!original.isEmpty)
        #expect(try Self.files(back).filter { $0.key.hasSuffix(".ferry.yaml") } == original)
        for environment in ["environments/inherited-entities.yaml", "environments/regression-tests.yaml"] {
            #expect(try Self.files(back)[environment] == Self.files(collection)[environment], "\(environment)")
        }
    }

    @Test func aPostmanExportLeavesGRPCRequestsOutAndSaysSo() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("api"), withIntermediateDirectories: true)
        _ = try directory.write(
            "api/hello.ferry.yaml",
            Data("url: grpc://localhost:50051/helloworld.Greeter/SayHello\nbody:\n  grpc:\n    message: {name: x}\n".utf8))
        _ = try directory.write(
            "api/web.ferry.yaml",
            Data("url: http://localhost:8080/ferry.demo.Demo/Hello\nbody:\n  grpc:\n    web: binary\n    message: {name: x}\n".utf8))
        _ = try directory.write("api/get.ferry.yaml", Data("url: http://localhost:8080/get\n".utf8))
        let export = await FerryBinary.run(["export", "postman", directory.file("api")])
        #expect(export.status == 0, "\(export.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: export.stdout) as? [String: Any])
        #expect((document["item"] as? [[String: Any]])?.map { $0["name"] as? String } == ["get"], "\(export.text)")
        #expect(export.stderr.contains("report: 1 imported, 0 approximated, 2 dropped"), "\(export.stderr)")
        for file in ["hello.ferry.yaml", "web.ferry.yaml"] {
            #expect(
                export.stderr.contains("dropped: \(file): the gRPC request (") && export.stderr.contains("ferry export grpcurl"),
                "\(export.stderr)")
        }
    }

    @Test func harExportFillsVariablesHidesSecretsAndWritesAllOrNothing() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("environments"), withIntermediateDirectories: true)
        _ = try directory.write(
            "environments/test.yaml", Data("baseURL: https://api.example\ntoken:\n  value: hunter2-secret\n  secret: true\n".utf8))
        let request = try directory.write(
            "me.ferry.yaml", Data("method: GET\nurl: \"{{baseURL}}/me\"\nauth:\n  bearer: \"{{token}}\"\n".utf8))
        let out = directory.file("me.har")

        let missing = await FerryBinary.run(["export", "har", request, "-o", out])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("baseURL"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let outcome = await FerryBinary.run(["export", "har", request, "--env", "test", "-o", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let har = try String(contentsOfFile: out, encoding: .utf8)
        #expect(har.contains(#""url" : "https://api.example/me""#))
        #expect(!har.contains("hunter2-secret"))
        let revealed = await FerryBinary.run(["export", "har", request, "--env", "test", "--reveal"])
        #expect(revealed.text.contains("Bearer hunter2-secret"))

        let back = await FerryBinary.run(["import", out, "--into", directory.file("back"), "--dry-run"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.text.contains("would write 001-get-api-example-me.ferry.yaml"))
    }

    /// A Postman collection whose auth is OAuth 2.0 client credentials runs in Ferry as it ran in
    /// Postman: imported, then sent to the demo server, which wants the token it issues.
    @Test func aPostmanOAuth2CollectionImportsAndSends() async throws {
        try await withDemoServer { server in
            let directory = try TemporaryDirectory()
            let source = try directory.write(
                "o.postman_collection.json",
                Data(
                    #"""
                    {"info": {"name": "o", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                     "auth": {"type": "oauth2", "oauth2": [{"key": "grant_type", "value": "client_credentials"},
                        {"key": "accessTokenUrl", "value": "{{baseURL}}/oauth/token"}, {"key": "clientId", "value": "ferry-demo"},
                        {"key": "clientSecret", "value": "demo-secret"}, {"key": "scope", "value": "demo"}]},
                     "variable": [{"key": "baseURL", "value": "http://127.0.0.1:1"}],
                     "item": [{"name": "resource", "request": {"method": "GET", "url": "{{baseURL}}/oauth/resource"}}]}
                    """#.utf8))
            let into = directory.file("collection")
            let imported = await FerryBinary.run(["import", "postman", source, "--into", into])
            #expect(imported.status == 0, "\(imported.stderr)")
            let sent = await FerryBinary.run([
                "send", (into as NSString).appendingPathComponent("resource.ferry.yaml"), "--env", "o", "--var",
                "baseURL=\(server.baseURL)", "--no-history",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.text.contains("ferry-demo"), "\(sent.text)")
        }
    }

    @Test func aRecordedExchangeExportsWithItsResponse() async throws {
        let home = try HistoryCommandTests.Home()
        try await withDemoServer { server in
            #expect(await home.run(["send", "\(server.baseURL)/json"]).status == 0)
        }
        let har = await home.run(["export", "har", "--history", "1"])
        #expect(har.status == 0, "\(har.stderr)")
        let log = try #require((try JSONSerialization.jsonObject(with: har.stdout) as? [String: Any])?["log"] as? [String: Any])
        let entry = try #require((log["entries"] as? [[String: Any]])?.first)
        #expect((entry["response"] as? [String: Any])?["status"] as? Int == 200)

        let postman = await home.run(["export", "postman", "--history", "#1"])
        #expect(postman.status == 0, "\(postman.stderr)")
        let collection = try #require(try JSONSerialization.jsonObject(with: postman.stdout) as? [String: Any])
        let item = try #require((collection["item"] as? [[String: Any]])?.first)
        let example = try #require((item["response"] as? [[String: Any]])?.first)
        #expect(example["code"] as? Int == 200)
        #expect((example["body"] as? String)?.contains("Sample Slide Show") == true)

        let missing = await home.run(["export", "har", "--history", "9"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no history entry has id 9"))
    }
}
