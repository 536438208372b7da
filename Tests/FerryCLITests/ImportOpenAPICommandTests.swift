import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry import openapi` with the real binary: the collection it writes is one Ferry reads back,
/// re-imports write the same bytes, and an imported request can be sent.
@Suite struct ImportOpenAPICommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../FerryInteropTests/Fixtures/openapi").standardizedFileURL

    private func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.stderr)")
    }

    /// Every file below `root` with its bytes.
    private func files(_ root: String) -> [String: Data] {
        var found: [String: Data] = [:]
        guard let paths = FileManager.default.enumerator(atPath: root) else { return found }
        for case let path as String in paths {
            if let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) { found[path] = data }
        }
        return found
    }

    @Test func aLargeDocumentImportsIntoACollectionFerryReadsAndReimportsIdentically() async throws {
        let directory = try TemporaryDirectory()
        let source = Self.fixtures.appendingPathComponent("twilio_api_v2010.yaml").path
        let first = await FerryBinary.run(["import", "openapi", source, "--into", directory.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.text.contains("api20100401message/create-message.ferry.yaml"), "\(first.text.prefix(2000))")
        #expect(first.text.contains("report: 198 imported"), "197 requests and the path variables: \(first.text.suffix(2000))")
        let written = files(directory.path)
        #expect(written.keys.contains("environments/twilio-api.yaml"), "\(written.keys.sorted().prefix(20))")

        // A second process, another hash seed: the same bytes.
        let again = await FerryBinary.run(["import", "openapi", source, "--into", directory.path, "--force"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(files(directory.path) == written)

        let listing = await FerryBinary.run(["collection", "list", directory.path, "--json"])
        #expect(listing.status == 0, "\(listing.stderr)")
        let document = try json(listing)
        #expect((document["requests"] as? [[String: Any]])?.count == 197)
        #expect((document["problems"] as? [[String: Any]] ?? []).isEmpty, "\(document["problems"] ?? [])")
    }

    @Test func anImportedRequestIsSentWithItsEnvironment() async throws {
        try await withDemoServer { server throws in
            let directory = try TemporaryDirectory()
            let source = Self.fixtures.appendingPathComponent("ferry-demo.yaml").path
            let imported = await FerryBinary.run(["import", source, "--into", directory.path])  // format recognised
            #expect(imported.status == 0, "\(imported.stderr)")
            let outcome = await FerryBinary.run([
                "send", directory.file("echo/echo-item.ferry.yaml"), "--env", "ferry-demo",
                "--var", "baseURL=\(server.baseURL)", "--var", "token=s3cret-token", "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let text = try #require(((try json(outcome)["response"] as? [String: Any])?["body"] as? [String: Any])?["text"] as? String)
            let echo = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(echo["method"] as? String == "POST")
            #expect(echo["url"] as? String == "\(server.baseURL)/anything/widget-7?page=1", "\(text)")
            let headers = try #require(echo["headers"] as? [String: Any])
            // The token was sent; Ferry prints the secret redacted, even in the echoed body.
            #expect(headers["Authorization"] as? String == "Bearer {{secret}}", "\(text)")
            #expect(headers["X-Trace"] == nil, "an optional header is imported disabled")
            #expect((echo["json"] as? [String: Any])?["kind"] as? String == "gadget", "\(text)")

            let json = await FerryBinary.run([
                "send", directory.file("documents/get-slideshow.ferry.yaml"), "--env", "ferry-demo",
                "--var", "baseURL=\(server.baseURL)", "--var", "token=t", "--as", "json", "--expect-status", "200",
            ])
            #expect(json.status == 0, "\(json.stderr)")
            #expect(json.text.contains("Sample Slide Show"))
        }
    }

    @Test func brokenAndUnsupportedDocumentsWriteNothingAndSayWhere() async throws {
        let directory = try TemporaryDirectory()
        let broken = await FerryBinary.run([
            "import", "openapi", Self.fixtures.appendingPathComponent("broken-openapi.yaml").path, "--into", directory.path,
        ])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("broken-openapi.yaml: paths./pets, line 7, column 5: "), "\(broken.stderr)")
        let scratch = try TemporaryDirectory()
        let old = try scratch.write("old.yaml", Data("swagger: '1.2'\ninfo: {title: x, version: '1'}\n".utf8))
        let swagger = await FerryBinary.run(["import", old, "--into", directory.path])
        #expect(swagger.status == 1)
        #expect(swagger.stderr.contains("swagger: Swagger 1.2 is not supported (Ferry reads 2.0)"), "\(swagger.stderr)")
        #expect(files(directory.path).isEmpty)
        let two = await FerryBinary.run([
            "import", Self.fixtures.appendingPathComponent("v2.0-petstore.yaml").path, "--into", directory.path,
        ])
        #expect(two.status == 0, "Swagger 2.0 imports: \(two.stderr)")
        #expect(files(directory.path).keys.contains("pets/list-pets.ferry.yaml"))
    }
}
