import FerryTestSupport
import Foundation
import Testing

/// JSON Schema where users use it, with the real binary: `ferry view FILE --schema`, `ferry send
/// --expect-schema` and a request file's `expect: body: schema:` (a file beside it, or inline) in
/// `ferry run`, against the demo server's `/get`.
@Suite struct SchemaCommandTests {
    static let petstore = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        paths: {}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, format: int64}
                name: {type: string}
                tag: {type: string, nullable: true}
            Pets:
              type: array
              items: {$ref: "#/components/schemas/Pet"}
        """

    @Test func viewChecksAFileAgainstASchemaInAnOpenAPIDocument() async throws {
        let directory = try TemporaryDirectory()
        let spec = try directory.write("petstore.yaml", Data(Self.petstore.utf8))
        let good = try directory.write("good.json", Data(#"[{"id": 1, "name": "Rex", "tag": null}]"#.utf8))
        let bad = try directory.write("bad.json", Data("[\n  {\"id\": 1, \"name\": \"Rex\"},\n  {\"id\": \"2\"}\n]\n".utf8))
        let valid = await FerryBinary.run(["view", good, "--schema", spec + "#/components/schemas/Pets"])
        #expect(valid.status == 0, "\(valid.text)\(valid.stderr)")
        #expect(valid.text.contains("is valid against"))
        let invalid = await FerryBinary.run(["view", bad, "--schema", spec + "#/components/schemas/Pets"])
        #expect(invalid.status == 3, "\(invalid.text)\(invalid.stderr)")
        #expect(
            invalid.text.contains("✗ /1/id (3:10): expected integer, found string [#/components/schemas/Pet/properties/id/type]"),
            "\(invalid.text)")
        #expect(invalid.text.contains("✗ /1 (3:3): lacks the required `name` [#/components/schemas/Pet/required]"), "\(invalid.text)")
        #expect(invalid.text.contains("2 violations"))
        let mixed = await FerryBinary.run(["view", bad, "--schema", spec + "#/components/schemas/Pets", "--json"])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("--schema prints its own report"))
    }

    @Test func viewRefusesASchemaItCannotUseWithItsPlace() async throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("loop.json", Data(##"{"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##.utf8))
        let value = try directory.write("value.json", Data("{}".utf8))
        let outcome = await FerryBinary.run(["view", value, "--schema", schema])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("refers back to itself"), "\(outcome.stderr)")
        let outside = try directory.write("outside.json", Data(#"{"$ref": "other.json"}"#.utf8))
        let missing = await FerryBinary.run(["view", value, "--schema", outside])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("other.json"), "\(missing.stderr)")
        let absent = await FerryBinary.run(["view", value, "--schema", directory.file("absent.json")])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("absent.json: cannot be read (No such file or directory)"), "\(absent.stderr)")
        #expect(!absent.stderr.contains("Domain="), "no Foundation error text: \(absent.stderr)")
    }

    @Test func sendChecksTheBodyAgainstExpectSchema() async throws {
        try await withDemoServer { server throws in
            let directory = try TemporaryDirectory()
            let schema = try directory.write(
                "get.json", Data(#"{"type": "object", "required": ["url", "args"], "properties": {"args": {"type": "object"}}}"#.utf8))
            let passing = await FerryBinary.run(["send", server.baseURL + "/get", "--expect-schema", schema])
            #expect(passing.status == 0, "\(passing.text)\(passing.stderr)")
            let strict = try directory.write("strict.json", Data(#"{"properties": {"url": {"type": "integer"}}}"#.utf8))
            let failing = await FerryBinary.run(["send", server.baseURL + "/get?a=1", "--expect-schema", strict])
            #expect(failing.status == 3, "\(failing.text)\(failing.stderr)")
            let all = failing.text + failing.stderr
            #expect(all.contains("/url"), "\(all)")
            #expect(all.contains("#/properties/url/type"), "\(all)")
        }
    }

    @Test func runChecksExpectBodySchemaFromAFileAndInline() async throws {
        try await withDemoServer { server throws in
            let directory = try TemporaryDirectory()
            let dataHome = try TemporaryDirectory()
            let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
            try FileManager.default.createDirectory(atPath: directory.file("schemas"), withIntermediateDirectories: true)
            _ = try directory.write("schemas/get.json", Data(#"{"type": "object", "required": ["url"]}"#.utf8))
            _ = try directory.write(
                "file.ferry.yaml", Data("url: \(server.baseURL)/get\nexpect:\n  body:\n    schema: schemas/get.json\n".utf8))
            // A request in a folder of the collection names a schema elsewhere in the collection.
            try FileManager.default.createDirectory(atPath: directory.file("pets"), withIntermediateDirectories: true)
            _ = try directory.write(
                "pets/nested.ferry.yaml", Data("url: \(server.baseURL)/get\nexpect:\n  body:\n    schema: ../schemas/get.json\n".utf8))
            _ = try directory.write(
                "inline.ferry.yaml",
                Data(
                    """
                    url: \(server.baseURL)/get
                    expect:
                      body:
                        schema:
                          type: object
                          properties:
                            url: {type: integer}
                    """.utf8))
            let outcome = await FerryBinary.run(["run", directory.path, "--reporter", "json"], environment: environment)
            #expect(outcome.status == 3, "\(outcome.text)\(outcome.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.text)")
            let results = try #require(report["results"] as? [[String: Any]])
            let statuses = results.map { "\($0["path"]!) \($0["status"]!)" }
            #expect(statuses == ["file.ferry.yaml passed", "inline.ferry.yaml failed", "pets/nested.ferry.yaml passed"], "\(statuses)")
            let checks = try #require(results[1]["assertions"] as? [[String: Any]])
            #expect("\(checks)".contains("#/properties/url/type"), "\(checks)")

            _ = try directory.write(
                "broken.ferry.yaml", Data("url: \(server.baseURL)/get\nexpect:\n  body:\n    schema: {type: nope}\n".utf8))
            let broken = await FerryBinary.run(["run", directory.path], environment: environment)
            #expect(broken.stderr.contains("broken.ferry.yaml:4:13: expect.body.schema"), "\(broken.stderr)")
        }
    }
}
