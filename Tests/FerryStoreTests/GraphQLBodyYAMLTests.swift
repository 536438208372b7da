import FerryCore
import FerryStore
import Foundation
import Testing

/// `body: graphql:` in request files: the query as a block scalar, variables as JSON text or a
/// YAML mapping (its mistakes are among `CollectionDocumentTests.wrongValuesAreLocated`).
@Suite struct GraphQLBodyYAMLTests {
    @Test func theQueryIsWrittenAsABlockAndReadBack() throws {
        var document = RequestDescription(method: .post, url: "{{base}}/graphql")
        document.body = .graphql(
            GraphQLBody(
                query: "query Book($id: ID!) {\n  book(id: $id) { title }\n}\n", variables: #"{"id": "{{id}}"}"#, operationName: "Book"))
        let text = try document.yaml()
        #expect(
            text == """
                method: POST
                url: '{{base}}/graphql'
                body:
                  graphql:
                    query: |
                      query Book($id: ID!) {
                        book(id: $id) { title }
                      }
                    variables: '{"id": "{{id}}"}'
                    operationName: Book

                """)
        #expect(try RequestDescription(yaml: text, path: "book.ferry.yaml") == document)
    }

    @Test func variablesMayBeAYAMLMapping() throws {
        let text =
            "url: http://example.test/graphql\nbody:\n  graphql:\n    query: '{ a }'\n    variables:\n      id: 7\n      tags: [x, y]\n    get: true\n"
        let document = try RequestDescription(yaml: text, path: "m.ferry.yaml")
        #expect(
            document.body
                == .graphql(
                    GraphQLBody(query: "{ a }", variables: "{\n  \"id\": 7,\n  \"tags\": [\n    \"x\",\n    \"y\"\n  ]\n}", usesGET: true)))
        #expect(document.sentMethod == .get)
    }
}
