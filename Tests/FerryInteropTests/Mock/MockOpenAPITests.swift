import FerryCore
import FerryMock
import FerryTestSupport
import Foundation
import Testing

/// `ferry mock`'s OpenAPI side in process: every body it serves from public documents validates
/// against its schema, and the Prefer header chooses as Prism's does.
@Suite struct MockOpenAPITests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import-corpus/openapi")

    static let documents = [
        "oai-petstore.yaml", "oai-petstore-expanded.yaml", "oai-api-with-examples.yaml", "oai-uspto.yaml", "museum-3.1.yaml",
        "spotify.yaml", "asana.yaml", "sendgrid-stats.json",
    ]

    /// Every generated JSON body fits the schema it came from, checked by a validator of its own.
    @Test(arguments: documents) func generatedBodiesValidate(name: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        let source = try OpenAPIMockSource(path: path)
        let (routes, warnings) = source.routes()
        #expect(!routes.isEmpty)
        #expect(!warnings.contains { $0.contains("no body generated") }, "\(warnings)")
        var checked = 0
        for route in routes {
            for response in route.responses where response.isGenerated && response.mediaType.map(Self.isJSON) == true {
                let schema = try #require(route.operationPointer).appending(
                    "/responses/\(Self.key(of: response.status, in: route, source: source))/content/"
                        + response.mediaType!.replacingOccurrences(of: "/", with: "~1") + "/schema")
                guard let validator = try? SchemaValidator(source.document, pointer: schema, options: SchemaOptions(direction: .response))
                else { continue }  // the key was a $ref'd response or a wildcard: covered by the source's own check
                let violations = validator.violations(of: try JSONParser.parse(Data(response.body)))
                #expect(violations.isEmpty, "\(route.name) \(response.status): \(violations.first.map(\.description) ?? "")")
                checked += 1
            }
        }
        #expect(checked > 0 || name == "oai-api-with-examples.yaml")
    }

    private static func isJSON(_ type: String) -> Bool { type.contains("json") }

    /// The response key a status was read from (`200`, `2XX` or `default`).
    private static func key(of status: Int, in route: MockRoute, source: OpenAPIMockSource) -> String {
        let responses = source.root.objectMember(at: route.operationPointer! + "/responses")
        if responses.contains(String(status)) { return String(status) }
        if responses.contains("\(status / 100)XX") { return "\(status / 100)XX" }
        return "default"
    }

    /// A schema's pattern of 100,000 nested groups is given up on (an ordinary string is served),
    /// not followed down until the stack runs out.
    @Test func aDeeplyNestedPatternIsGivenUpOn() throws {
        let pattern = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        let document = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {"responses": {"200": {
            "description": "x", "content": {"application/json": {"schema": {"type": "string", "pattern": "\(pattern)"}}}}}}}}}
            """
        let directory = try TemporaryDirectory()
        let source = try OpenAPIMockSource(path: try directory.write("deep.json", Data(document.utf8)))
        let service = MockService(router: MockRouter(routes: source.routes().routes))
        #expect(service.respond(to: MockRequest(method: "GET", target: "/x")).reply.status == 200)
    }

    @Test func examplesAndPreferHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("api.yaml", Data(Self.petstore.utf8))
        let service = MockService(router: MockRouter(routes: try OpenAPIMockSource(path: path).routes().routes))
        func body(_ target: String, prefer: String? = nil, method: String = "GET") -> (Int, String) {
            let outcome = service.respond(to: MockRequest(method: method, target: target, headers: prefer.map { [("Prefer", $0)] } ?? []))
            return (outcome.reply.status, String(decoding: outcome.reply.body, as: UTF8.self))
        }
        #expect(body("/pets/7") == (200, #"{"id":1,"name":"Rex"}"#))
        #expect(body("/pets/7", prefer: "example=cat") == (200, #"{"id":2,"name":"Tom"}"#))
        #expect(body("/pets/7", prefer: "dynamic=true") == (200, #"{"id":1,"name":"string","tag":"string"}"#))
        #expect(body("/pets/7", prefer: "code=404").0 == 404)
        #expect(body("/pets/7", prefer: "code=404").1.contains(#""code":404"#))
        #expect(body("/pets/7", prefer: "code=418").1.contains("has no 418 response (it has 200, 404)"))
        #expect(body("/pets/7", prefer: "example=dog, code=200").1 == #"{"id":1,"name":"Rex"}"#)
        let missing = body("/pet/7")
        #expect(missing.0 == 404 && missing.1.contains(#""closest": ["#) && missing.1.contains("GET /pets/{id}"))
        #expect(body("/pets/7", method: "DELETE").0 == 405)
    }

    @Test func theServersBasePathsAreServedAsWellAsTheRoot() throws {
        let directory = try TemporaryDirectory()
        let document = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            servers:
              - url: https://petstore3.example.com/api/v3
              - url: "{scheme}://example.com/{version}/"
                variables: {scheme: {default: https}, version: {default: v2}}
              - url: /
            paths:
              /pets:
                get:
                  responses:
                    "200": {description: all, content: {application/json: {example: [1]}}}
            """
        let source = try OpenAPIMockSource(path: try directory.write("api.yaml", Data(document.utf8)))
        let service = MockService(router: MockRouter(routes: source.routes().routes))
        #expect(service.router.basePaths == [["api", "v3"], ["v2"]])
        func status(_ target: String) -> Int { service.respond(to: MockRequest(method: "GET", target: target)).reply.status }
        #expect(status("/api/v3/pets") == 200 && status("/v2/pets?x=1") == 200 && status("/pets") == 200)
        #expect(status("/api/v2/pets") == 404 && status("/api/v3") == 404)
    }

    @Test func aSwaggerDocumentIsServedAsTheOpenAPI3ItConvertsTo() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openapi/v2.0-petstore.yaml").path
        let source = try OpenAPIMockSource(path: path)
        let (routes, warnings) = source.routes()
        #expect(routes.map(\.name).sorted() == ["GET /pets", "GET /pets/{petId}", "POST /pets"])
        #expect(warnings.isEmpty, "\(warnings)")
        let service = MockService(router: MockRouter(routes: routes))
        let pets = service.respond(to: MockRequest(method: "GET", target: "/v1/pets")).reply
        #expect(pets.status == 200 && pets.headers.contains { $0.name == "Content-Type" && $0.value == "application/json" })
        let schema =
            try #require(routes.first { $0.name == "GET /pets" }?.operationPointer) + "/responses/200/content/application~1json/schema"
        let validator = try SchemaValidator(source.document, pointer: schema, options: SchemaOptions(direction: .response))
        #expect(validator.violations(of: try JSONParser.parse(Data(pets.body))).isEmpty, "\(String(decoding: pets.body, as: UTF8.self))")
        let directory = try TemporaryDirectory()
        let broken = try directory.write("old.yaml", Data("swagger: \"1.2\"\npaths: {}\n".utf8))
        #expect {
            _ = try OpenAPIMockSource(path: broken)
        } throws: { error in
            "\(error)".contains("not an OpenAPI 3 or Swagger 2.0 document")
        }
    }

    static let petstore = """
        openapi: 3.0.3
        info: {title: pets, version: "1"}
        paths:
          /pets/{id}:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer, minimum: 1}}
              responses:
                "200":
                  description: a pet
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
                      examples:
                        dog: {value: {id: 1, name: Rex}}
                        cat: {value: {id: 2, name: Tom}}
                "404":
                  description: none
                  content:
                    application/json:
                      schema: {type: object, required: [code], properties: {code: {type: integer, const: 404}}}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, minimum: 1, readOnly: true}
                name: {type: string}
                tag: {type: string}
                secret: {type: string, writeOnly: true}
        """
}

extension Parameters {
    /// The member names of the object at `pointer` (`/paths/~1pets/get/responses`).
    func objectMember(at pointer: String) -> [String] {
        var value = self
        for token in pointer.split(separator: "/").map({
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }) {
            guard case .object(let members) = value, let next = members.first(where: { $0.key == token })?.value else { return [] }
            value = next
        }
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }
}
