import FerryCore
import FerryInterop
import Foundation
import Testing

/// Bruno's own test collection (packages/bruno-tests): request files in folders, collection.bru,
/// an environment; asserts, tests and scripts named with their place and text.
@Suite struct BrunoImporterTests {
    static func imported() throws -> ImportedCollection {
        let folder = Fixture.folder.appendingPathComponent("bruno/collection").path
        let source = ImportFormat.document(at: folder)
        return try BrunoImporter().importCollection(try String(contentsOfFile: source, encoding: .utf8), source: source, directory: folder)
    }

    @Test func requestsComeInWithTheirFoldersBodiesAndAuth() throws {
        let imported = try Self.imported()
        #expect(
            imported.requests.map(\.path).sorted() == [
                "auth/bearer/via-auth/bearer-auth-200.ferry.yaml", "echo/echo-form-url-encoded.ferry.yaml",
                "echo/echo-json.ferry.yaml", "echo/echo-multipart.ferry.yaml",
            ])
        let json = try #require(imported.request("echo/echo-json.ferry.yaml")).description
        #expect(json.name == "echo json" && json.method == .post && json.url == "{{host}}/api/echo/json")
        #expect(json.headers == [.init(name: "foo", value: "bar")])
        #expect(json.body == .raw("{\n  \"hello\": \"bruno\"\n}", contentType: "application/json"))
        #expect(json.auth == nil, "auth: none, though auth:basic is in the file")

        let form = try #require(imported.request("echo/echo-form-url-encoded.ferry.yaml")).description
        #expect(
            form.body
                == .form(
                    .object([
                        ("form-data-key", .string("{{form-data-key}}")),
                        ("form-data-stringified-object", .string("{{form-data-stringified-object}}")),
                        ("key_1", .array([.string("value_1"), .string("value_3")])),
                        ("key_2", .array([.string("value_2"), .string("value_4")])),
                    ])))
        #expect(form.parameterStyle.arrayStyle == .repeat, "a key given twice is sent twice")
        let multipart = try #require(imported.request("echo/echo-multipart.ferry.yaml")).description
        #expect(
            multipart.body
                == .multipart([.init(name: "foo", value: .text("{{foo}}")), .init(name: "file", value: .file(path: "bruno.png"))]))
        let bearer = try #require(imported.request("auth/bearer/via-auth/bearer-auth-200.ferry.yaml")).description
        #expect(bearer.auth == .bearer(token: "{{bearer_auth_token}}"))
    }

    @Test func theCollectionFileGivesHeadersDocsAndVariables() throws {
        let imported = try Self.imported()
        let defaults = try #require(imported.folders[""])
        #expect(defaults.headers.map(\.name) == ["check", "token", "collection-header"], "annotations are skipped")
        #expect(defaults.description?.contains("This is a test collection") == true)
        #expect(imported.environments.map(\.name) == ["Prod"], "the collection's variables are in its environment")
        let prod = try #require(imported.environments.first { $0.name == "Prod" })
        #expect(prod.variables.first { $0.name == "coll_obj" }?.value == "{\"scope\":\"collection\"}")
        #expect(prod.variables.first { $0.name == "bark" }?.value == "{{$env.PROC_ENV_VAR}}")
        #expect(prod.variables.first { $0.name == "host" }?.value == "{{remote_host}}", "the environment's own value")
    }

    @Test func assertsBecomeChecksAndTestsAndScriptsAreNamedWithTheirText() throws {
        let imported = try Self.imported()
        let dropped = imported.report.notes(.dropped)
        let bearer = try #require(imported.requests.first { $0.description.name == "Bearer Auth 200" }?.description)
        #expect(
            bearer.assertions == [
                Assertion(.status, .compare(.equal, .number("200"))),
                Assertion(.body(path: "$.message"), .compare(.equal, .string("Authentication successful"))),
            ])
        #expect(!dropped.contains { $0.place == "echo/echo json.bru:33" }, "res.status: eq 200 is an assertion now")
        let echo = try #require(imported.requests.first { $0.path.hasSuffix("echo-json.ferry.yaml") }?.description)
        #expect(echo.scripts.tests?.text.contains("should return json") == true, "the tests block is kept as a script")
        #expect(imported.folders[""]?.scripts.first?.preRequest != nil, "the collection's pre-request script is kept")
        #expect(!dropped.contains { $0.message.contains("script:") })
    }

    @Test func aMalformedFileIsAProblemAtItsLine() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: FileManager.default.temporaryDirectory, create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version": "1", "name": "broken", "type": "collection"}"#.utf8).write(to: folder.appendingPathComponent("bruno.json"))
        try Data("meta {\n  name: a\n}\n\nget {\n  url: http://a.example\n".utf8).write(to: folder.appendingPathComponent("a.bru"))
        do {
            _ = try BrunoImporter().importCollection(
                #"{"type": "collection"}"#, source: folder.appendingPathComponent("bruno.json").path, directory: folder.path)
            Issue.record("expected a problem")
        } catch {
            #expect(error.source.hasSuffix("a.bru") && error.place == "line 5, column 1", "\(error)")
            #expect(error.message.contains("not closed"))
        }
        #expect(ImportFormat.detect("{}", path: folder.appendingPathComponent("bruno.json").path) == .bruno)
        #expect(ImportFormat.document(at: folder.path) == folder.appendingPathComponent("bruno.json").path)
    }
}
