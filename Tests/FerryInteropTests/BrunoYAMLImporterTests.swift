import FerryCore
import FerryInterop
import FerryTestSupport
import Foundation
import Testing

/// Bruno's YAML collection format (`opencollection.yml`): Bruno's own YAML test collection from
/// the import corpus, and a collection in the format's older body spelling (`mode: json`), import
/// as their `.bru` equivalents do.
@Suite struct BrunoYAMLImporterTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/import-corpus/bruno/yml-collection").standardizedFileURL.path

    private func imported(_ folder: String) throws -> ImportedCollection {
        let source = ImportFormat.document(at: folder)
        #expect(ImportFormat.detect(try String(contentsOfFile: source, encoding: .utf8), path: source) == .bruno)
        return try BrunoImporter().importCollection(try String(contentsOfFile: source, encoding: .utf8), source: source, directory: folder)
    }

    @Test func brunosYAMLTestCollectionImports() throws {
        let collection = try imported(Self.corpus)
        #expect(
            collection.requests.map(\.path).sorted() == [
                "variable-datatypes/form-urlencoded.ferry.yaml", "variable-datatypes/multipart.ferry.yaml",
                "variable-datatypes/typed-vars.ferry.yaml",
            ])
        let typed = try #require(collection.request("variable-datatypes/typed-vars.ferry.yaml")).description
        #expect(typed.method == .post && typed.url == "{{echo-host}}")
        #expect(typed.headers.first == .init(name: "x-h-str", value: "{{req_str}}"))
        guard case .raw(let json, let type) = typed.body else { Issue.record("\(typed.body)"); return }
        #expect(json.hasPrefix("{\n  \"coll_num\": {{coll_num}},") && type == "application/json")
        let variables = Dictionary(
            (collection.environments.first { $0.name == "Local" }?.variables ?? []).map { ($0.name, $0.value) }
        ) { $1 }
        #expect(variables["coll_num"] == "100", "a typed value is its data")
        #expect(variables["fold_obj"] == #"{"scope":"folder"}"#, "folder.yml's variables")
        let local = try #require(collection.environments.first { $0.name == "Local" })
        let names = local.variables.map(\.name)
        #expect(names.firstIndex(of: "echo-host") == names.firstIndex(of: "host").map { $0 + 1 }, "its own, after the collection's")
        #expect(collection.environments.map(\.name) == ["Local", "Prod"], "the collection's variables are in each environment")
        #expect(typed.scripts.preRequest != nil && typed.scripts.tests != nil, "runtime.scripts are kept as scripts")
    }

    @Test func theOlderBodySpellingAndAuthImport() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("users"), withIntermediateDirectories: true)
        _ = try folder.write(
            "opencollection.yml",
            Data(
                """
                opencollection: "1.0.0"
                info:
                  name: shop
                request:
                  headers:
                    - name: X-Team
                      value: core
                  auth:
                    type: bearer
                    token: "{{token}}"
                """.utf8))
        _ = try folder.write(
            "users/create-user.yml",
            Data(
                """
                info:
                  name: Create User
                  type: http
                  seq: 1
                http:
                  method: POST
                  url: https://api.example.com/users
                  params:
                    - name: dry
                      value: "1"
                      type: query
                    - name: verbose
                      value: "1"
                      disabled: true
                  auth: inherit
                  body:
                    mode: json
                    json: |
                      {"name": "John Doe"}
                """.utf8))
        let collection = try imported(folder.path)
        let request = try #require(collection.request("users/create-user.ferry.yaml")).description
        #expect(request.method == .post && request.url == "https://api.example.com/users")
        #expect(request.body == .raw("{\"name\": \"John Doe\"}", contentType: "application/json"), "\(request.body)")
        #expect("\(request.params ?? .object([]))".contains("dry") && !"\(request.params ?? .object([]))".contains("verbose"))
        #expect(request.auth != nil, "auth: inherit takes the collection's bearer token")
        #expect(collection.folders[""]?.headers == [.init(name: "X-Team", value: "core")])
    }
}
