import FerryCore
import FerryInterop
import Foundation
import Testing

/// A 3.0 or Swagger 2.0 document that lists types as 3.1 does (Slack's Web API description) is
/// imported, not refused: the list is said in 3.0's words, and a list of several types is noted;
/// so is draft 4's list of item schemas.
@Suite struct SchemaListsTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Lists, version: "1"}
        paths:
          /users:
            post:
              operationId: createUser
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        email: {type: [string, "null"], example: a@example.com}
                        id: {type: [integer, string]}
                        note: {type: object, example: {type: [1, 2]}}
                        pins: {type: array, items: [{type: string}]}
                        pairs: {type: array, items: [{type: string}, {type: integer}]}
                        ts: {items: [{type: integer}, {type: "null"}]}
              responses:
                "200": {description: ok}
        """

    @Test func aListOfTypesIsImportedAndNoted() throws {
        let collection = try OpenAPIImporter().importCollection(Self.document, source: "lists.yaml", directory: "/")
        #expect(collection.requests.count == 1)
        let notes = collection.report.notes.map(\.message)
        #expect(notes.contains { $0.contains("type [integer, string] is not one type in OpenAPI 3.0") }, "\(notes)")
        #expect(!notes.contains { $0.contains("email") && $0.contains("type") }, "a type and null is exact: \(notes)")
        let body = "\(try #require(collection.requests.first).description.body)"
        #expect(notes.contains { $0.contains("a list of 2 item schemas") }, "\(notes)")
        #expect(!notes.contains { $0.contains("a list of 1 item") }, "\(notes)")
        #expect(notes.contains { $0.contains("type null has no OpenAPI 3.0 spelling") }, "\(notes)")
        #expect(body.contains("a@example.com"), "\(body)")
        #expect(!notes.contains { $0.contains("example") }, "an example is data, left as it is: \(notes)")
    }
}
