import Foundation
import Testing

@testable import FerryInterop

/// Only the component schemas a request can read are decoded (`UnreadSchemas`): those of
/// parameters and request bodies and what they refer to, never a response's (issue 28).
@Suite struct UnreadSchemasTests {
    static let document = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /pets:
            post:
              parameters:
                - {name: kind, in: query, required: true, schema: {$ref: '#/components/schemas/Kind'}}
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/NewPet'}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
                "400": {$ref: '#/components/responses/Problem'}
        components:
          responses:
            Problem:
              description: bad
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
          schemas:
            Kind: {type: string, enum: [cat, dog]}
            NewPet:
              type: object
              properties:
                name: {type: string}
                owner: {$ref: '#/components/schemas/Owner'}
            Owner: {type: object, properties: {email: {type: string, format: email}}}
            Pet: {type: object, properties: {id: {type: integer, minimum: "not a number"}}}
            Error: {type: object, properties: {code: {type: integer, maximum: [1]}}}
            Unused: {type: object, properties: {x: {type: integer, minimum: {}}}}
        """

    @Test func theSchemasOfResponsesAndOfNothingAreNotRead() throws {
        let tree = try #require(try YAMLEventReader.tree(of: Self.document, source: "t.yaml"))
        #expect(UnreadSchemas.leaveOut(of: tree) == 3)
        let components = try #require(tree.child(of: tree.root, named: "components"))
        let schemas = try #require(tree.child(of: components, named: "schemas"))
        #expect(tree.pairs(of: schemas).map(\.key) == ["Kind", "NewPet", "Owner"])
    }

    @Test func aMalformedSchemaOnlyResponsesUseCostsNothing() throws {
        let imported = try OpenAPIImporter().importCollection(Self.document, source: "t.yaml", directory: "/")
        let request = try #require(imported.requests.first).description
        #expect(request.params == .object([(key: "kind", value: .string("cat"))]))
        #expect(
            request.body
                == .json(
                    .object([
                        (key: "name", value: .string("string")),
                        (key: "owner", value: .object([(key: "email", value: .string("user@example.com"))])),
                    ])))
        #expect(imported.report.notes(.dropped).isEmpty, "\(imported.report.notes(.dropped))")
    }

    @Test func aReferenceToASchemaTheDocumentLacksKeepsThemAll() throws {
        let text = Self.document.replacingOccurrences(of: "#/components/schemas/Kind", with: "#/components/schemas/Missing")
        let tree = try #require(try YAMLEventReader.tree(of: text, source: "t.yaml"))
        #expect(UnreadSchemas.leaveOut(of: tree) == 0)
    }
}
