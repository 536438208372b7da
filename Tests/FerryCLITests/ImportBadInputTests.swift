import FerryTestSupport
import Foundation
import Testing

/// Issue 28's bad input, imported with the real binary: a truncated document and binary bytes are
/// located errors with nothing written; a `$ref` loop is a note, not a hang; requests whose names
/// collide (with each other, with `environments` or `_folder`) each get a file Ferry reads back.
@Suite struct ImportBadInputTests {
    /// Imports `data` as `name` (with `format` when given) into `directory`'s `collection`: the run and that folder.
    static func importing(
        _ name: String, _ data: Data, format: String? = nil, in directory: TemporaryDirectory
    ) async throws -> (FerryBinary.Outcome, String) {
        let source = try directory.write(name, data)
        let into = directory.file("collection")
        return (await FerryBinary.run(["import"] + (format.map { [$0] } ?? []) + [source, "--into", into]), into)
    }

    @Test(
        arguments: [
            (
                "api.yaml",
                Data("openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: \"ok".utf8),
                nil,
                "api.yaml: line 5, column 47: not valid YAML or JSON"
            ),
            (
                "api.postman_collection.json",
                Data(
                    #"{"info": {"name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": [{"name": "a", "request": {"method": "GET", "url": "https://a.exa"#
                        .utf8), "postman",
                "api.postman_collection.json: line 1, column 180: not valid JSON"
            ),
            ("blob.bin", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 128) }), "openapi", "blob.bin is not UTF-8 text"),
            (
                "blob.yaml", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) & 0x7f }), "openapi",
                "blob.yaml: byte 0: not valid YAML or JSON: control characters are not allowed"
            ),
        ] as [(String, Data, String?, String)])
    func aTruncatedOrBinaryFileIsALocatedErrorAndNothingIsWritten(
        _ name: String, _ data: Data, _ format: String?, _ expected: String
    )
        async throws
    {
        let directory = try TemporaryDirectory()
        let (run, into) = try await Self.importing(name, data, format: format, in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: into), "nothing half-written")
    }

    @Test func aReferenceLoopIsANoteNotAHang() async throws {
        let document = """
            openapi: 3.0.3
            info: {title: Loop, version: "1"}
            paths:
              /things:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/A'}
                  responses:
                    "200": {description: ok}
            components:
              schemas:
                A: {$ref: '#/components/schemas/B'}
                B: {$ref: '#/components/schemas/A'}
            """
        let directory = try TemporaryDirectory()
        let (run, into) = try await Self.importing("loop.yaml", Data(document.utf8), in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("dropped: paths./things.post.requestBody"), "\(run.text)")
        #expect(FileManager.default.fileExists(atPath: (into as NSString).appendingPathComponent("post-things.ferry.yaml")))
    }

    @Test func requestsWhoseNamesCollideEachGetAFileFerryReadsBack() async throws {
        let collection = """
            {"info": {"name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [
              {"name": "Get user", "request": {"method": "GET", "url": "https://a.example/1"}},
              {"name": "Get user", "request": {"method": "GET", "url": "https://a.example/2"}},
              {"name": "get-user", "request": {"method": "GET", "url": "https://a.example/3"}},
              {"name": "Get user", "item": [{"name": "Get user", "request": {"method": "GET", "url": "https://a.example/4"}}]},
              {"name": "environments", "item": [{"name": "x", "request": {"method": "GET", "url": "https://a.example/5"}}]},
              {"name": "_folder", "request": {"method": "GET", "url": "https://a.example/6"}}]}
            """
        let directory = try TemporaryDirectory()
        let (run, into) = try await Self.importing("c.postman_collection.json", Data(collection.utf8), in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let listed = await FerryBinary.run(["collection", "list"], directory: into)
        #expect(listed.status == 0, "\(listed.stderr)")
        for number in 1...6 { #expect(listed.text.contains("https://a.example/\(number)"), "\(number): \(listed.text)") }
        #expect(listed.text.contains("6 requests"), "\(listed.text)")
    }
}
