import FerryTestSupport
import Foundation
import Testing

/// `ferry import openapi SPEC --into DIR` a second time (issue 34, part 3), with the real binary:
/// import a document, edit the collection (an environment value, a check, a header, a parameter's
/// value), import the next version (a renamed parameter, a new operation, a removed one, a changed
/// schema): the edits survive, the report names each change, the conflicting edit is kept beside,
/// and `--check` is 0 before the change and 3 after it, writing nothing.
@Suite struct ImportSyncCommandTests {
    static let first = """
        openapi: 3.0.3
        info: {title: Shop, version: "1"}
        servers: [{url: "http://shop.example/v1"}]
        paths:
          /items:
            get:
              operationId: listItems
              parameters: [{name: limit, in: query, required: true, schema: {type: integer}, example: 10}]
              responses: {"200": {description: ok}}
            post:
              operationId: createItem
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/Item"}}}}
              responses: {"201": {description: made}}
          /items/{id}:
            get:
              operationId: getItem
              parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 1}]
              responses: {"200": {description: ok}}
            delete:
              operationId: deleteItem
              parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 1}]
              responses: {"204": {description: gone}}
        components:
          schemas:
            Item: {type: object, properties: {name: {type: string}}}
        """

    /// The next version: `limit` renamed `max`, `GET /items/{id}/tags` new, `DELETE /items/{id}` gone, `Item` with a `price`.
    static let second =
        first.replacingOccurrences(of: "name: limit", with: "name: max")
        .replacingOccurrences(
            of: """
                    delete:
                      operationId: deleteItem
                      parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 1}]
                      responses: {"204": {description: gone}}
                """,
            with: """
                  /items/{id}/tags:
                    get:
                      operationId: getTags
                      parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 1}]
                      responses: {"200": {description: ok}}
                """
        )
        .replacingOccurrences(of: "properties: {name: {type: string}}", with: "properties: {name: {type: string}, price: {type: number}}")

    @Test func aSecondImportKeepsTheUsersEditsAndReportsTheSpecsChanges() async throws {
        #expect(Self.second.contains("getTags") && !Self.second.contains("deleteItem") && Self.second.contains("price"))
        let directory = try TemporaryDirectory()
        let collection = directory.file("shop")
        let spec = try directory.write("shop.yaml", Data(Self.first.utf8))
        let imported = await FerryBinary.run(["import", "openapi", spec, "--into", collection])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.text.contains("written .ferry/openapi-base.yaml"), "\(imported.text)")

        func edit(_ path: String, _ change: (String) -> String) throws {
            let file = (collection as NSString).appendingPathComponent(path)
            try change(try String(contentsOfFile: file, encoding: .utf8)).write(toFile: file, atomically: true, encoding: .utf8)
        }
        func read(_ path: String) -> String? {
            try? String(contentsOfFile: (collection as NSString).appendingPathComponent(path), encoding: .utf8)
        }
        try edit("environments/shop.yaml") { $0.replacingOccurrences(of: #"id: "1""#, with: #"id: "42""#) }
        try edit("get-item.ferry.yaml") { $0 + "expect:\n  status: 200\n" }
        try edit("create-item.ferry.yaml") { $0 + "headers:\n  - X-Trace: me\n" }
        try edit("list-items.ferry.yaml") { $0.replacingOccurrences(of: "limit: 10", with: "limit: 25") }

        let inStep = await FerryBinary.run(["import", "openapi", spec, "--into", collection, "--check"])
        #expect(inStep.status == 0, "\(inStep.text)\(inStep.stderr)")
        #expect(inStep.text.contains("in step"), "\(inStep.text)")

        try Data(Self.second.utf8).write(to: URL(fileURLWithPath: spec))
        let before = read("list-items.ferry.yaml")
        let drifted = await FerryBinary.run(["import", "openapi", spec, "--into", collection, "--check"])
        #expect(drifted.status == 3, "\(drifted.text)\(drifted.stderr)")
        #expect(read("list-items.ferry.yaml") == before)
        #expect(read("delete-item.ferry.yaml") != nil)
        #expect(read("get-tags.ferry.yaml") == nil)

        let merged = await FerryBinary.run(["import", "openapi", spec, "--into", collection])
        #expect(merged.status == 0, "\(merged.text)\(merged.stderr)")
        for line in [
            "added    get-tags.ferry.yaml", "changed  list-items.ferry.yaml (params)", "changed  create-item.ferry.yaml (body)",
            "removed  delete-item.ferry.yaml",
            "conflict list-items.ferry.yaml: params.limit changed by you and by the spec; the spec's written, yours kept in list-items.ferry.yaml.mine",
        ] {
            #expect(merged.text.contains(line), "\(line)\n\(merged.text)")
        }
        #expect(read("environments/shop.yaml")?.contains(#"id: "42""#) == true, "\(read("environments/shop.yaml") ?? "")")
        #expect(read("get-item.ferry.yaml")?.contains("expect:\n  status: 200") == true, "\(read("get-item.ferry.yaml") ?? "")")
        let created = read("create-item.ferry.yaml") ?? ""
        #expect(created.contains("X-Trace: me") && created.contains("price:"), "\(created)")
        #expect(read("list-items.ferry.yaml")?.contains("max: 10") == true)
        #expect(read("list-items.ferry.yaml.mine")?.contains("limit: 25") == true)
        #expect(read("delete-item.ferry.yaml") == nil)
        #expect(read("get-tags.ferry.yaml") != nil)

        let after = await FerryBinary.run(["import", "openapi", spec, "--into", collection, "--check"])
        #expect(after.status == 0, "\(after.text)\(after.stderr)")
        let listing = await FerryBinary.run(["collection", "list", collection, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: listing.stdout) as? [String: Any])
        #expect((document["problems"] as? [[String: Any]] ?? []).isEmpty, "\(document["problems"] ?? [])")
        #expect((document["requests"] as? [[String: Any]])?.count == 4)
    }

    @Test func checkNeedsACollectionImportedFromADocument() async throws {
        let directory = try TemporaryDirectory()
        let spec = try directory.write("shop.yaml", Data(Self.first.utf8))
        let outcome = await FerryBinary.run(["import", "openapi", spec, "--into", directory.file("empty"), "--check"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains(".ferry/openapi-base.yaml"), "\(outcome.stderr)")
    }
}
