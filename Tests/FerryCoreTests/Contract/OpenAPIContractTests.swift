import FerryCore
import Foundation
import Testing

/// The contract's pure logic: an exchange matched to its operation (server path, method, the most
/// specific template), and each check of a response and a request, each failure naming the
/// operation, the keyword, the instance's pointer and the schema location.
@Suite struct OpenAPIContractTests {
    static let spec = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "servers": [{"url": "https://pets.example.com/{base}", "variables": {"base": {"default": "v1"}}}],
         "paths": {
           "/pets": {
             "get": {"parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}}],
                     "responses": {"200": {"description": "ok", "headers": {"X-Total": {"required": true, "schema": {"type": "integer"}}},
                                           "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
             "post": {"requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                      "responses": {"201": {"$ref": "#/components/responses/Created"}, "4XX": {"description": "bad"}}}},
           "/pets/{petId}": {
             "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}],
             "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                                   "default": {"description": "error", "content": {"application/problem+json": {"schema": {"type": "object"}}}}}}},
           "/pets/mine": {"get": {"responses": {"200": {"description": "ok"}}}}
         },
         "components": {
           "responses": {"Created": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}},
           "schemas": {"Pet": {"type": "object", "required": ["id", "name"],
                               "properties": {"id": {"type": "integer", "readOnly": true}, "name": {"type": "string"},
                                              "tag": {"type": "string", "nullable": true}}}}}}
        """

    static func contract() throws -> OpenAPIContract {
        try OpenAPIContract(try JSONParser.parse(Data(spec.utf8)), name: "pets.json")
    }

    static func response(_ status: Int, _ body: String, headers: HTTPHeaders = ["Content-Type": "application/json"]) -> Response {
        let data = Data(body.utf8)
        return Response(
            status: status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: "", remoteAddress: nil, redirects: [],
            timeline: Timeline(start: Date()), sent: nil)
    }

    static func check(_ method: HTTPMethod, _ url: String, _ response: Response) throws -> ContractVerdict {
        try contract().check(response, method: method, url: URL(string: url)!, document: nil)
    }

    @Test func theMostSpecificTemplateUnderAServerPathWins() throws {
        let contract = try Self.contract()
        guard case .operation(let mine, _) = contract.match(method: "GET", url: URL(string: "http://127.0.0.1:8080/v1/pets/mine")!) else {
            Issue.record("no match")
            return
        }
        #expect(mine.name == "GET /pets/mine")
        guard case .operation(let one, let values) = contract.match(method: "get", url: URL(string: "http://localhost/v1/pets/42")!) else {
            Issue.record("no match")
            return
        }
        #expect(one.name == "GET /pets/{petId}")
        #expect(values == ["petId": "42"])
        guard case .undeclaredMethod(let template, let methods) = contract.match(method: "DELETE", url: URL(string: "http://h/v1/pets")!)
        else {
            Issue.record("expected an undeclared method")
            return
        }
        #expect(template == "/pets")
        #expect(methods == ["GET", "POST"])
        guard case .none = contract.match(method: "GET", url: URL(string: "http://h/pets")!) else {
            Issue.record("a path outside the server's path matched")
            return
        }
    }

    @Test func aResponseThatKeepsTheContractPasses() throws {
        let verdict = try Self.check(
            .get, "http://h/v1/pets",
            Self.response(
                200, #"[{"id": 1, "name": "Rex", "tag": null}]"#,
                headers: ["Content-Type": "application/json; charset=utf-8", "X-Total": "1"]))
        #expect(verdict.findings == [])
        #expect(verdict.operation == "GET /pets")
        #expect(verdict.status == "200")
        #expect(verdict.results.map(\.line) == ["✓ contract GET /pets → 200"])
    }

    @Test func eachBrokenPartIsAFindingWithItsPlace() throws {
        let status = try Self.check(.get, "http://h/v1/pets", Self.response(500, "[]", headers: ["X-Total": "0"]))
        #expect(status.findings.map(\.part) == ["status"])
        #expect(status.findings[0].schemaLocation == "#/paths/~1pets/get/responses")
        #expect(status.findings[0].message == "500 is not declared (200)")

        let type = try Self.check(
            .get, "http://h/v1/pets", Self.response(200, "[]", headers: ["Content-Type": "text/plain", "X-Total": "0"]))
        #expect(type.findings.map(\.part) == ["content type"])
        #expect(type.findings[0].message.hasPrefix("text/plain is not declared"))

        let header = try Self.check(.get, "http://h/v1/pets", Self.response(200, "[]"))
        #expect(header.findings.map(\.subject) == ["contract GET /pets: header X-Total"])
        #expect(header.findings[0].keyword == "required")
        let headerValue = try Self.check(
            .get, "http://h/v1/pets", Self.response(200, "[]", headers: ["Content-Type": "application/json", "X-Total": "many"]))
        #expect(headerValue.findings.map(\.keyword) == ["type"])

        let body = try Self.check(
            .get, "http://h/v1/pets",
            Self.response(200, #"[{"id": "1", "name": "Rex"}, {"id": 2}]"#, headers: ["Content-Type": "application/json", "X-Total": "2"]))
        #expect(body.findings.count == 1)
        #expect(body.findings[0].violations.map(\.instancePointer) == ["/0/id", "/1"])
        #expect(body.findings[0].violations.map(\.keyword) == ["type", "required"])
        #expect(body.findings[0].violations[0].schemaLocation == "#/components/schemas/Pet/properties/id/type")
        #expect(body.results[0].line.contains("contract GET /pets: body: 2 violations"))
        #expect(
            body.results[0].line.contains("✗ /0/id (1:9): expected integer, found string [#/components/schemas/Pet/properties/id/type]"))
    }

    @Test func rangesAndDefaultAndReferencedResponsesAreDeclared() throws {
        let created = try Self.check(.post, "http://h/v1/pets", Self.response(201, #"{"id": "x", "name": "Rex"}"#))
        #expect(created.status == "201")
        #expect(created.findings.first?.violations.first?.schemaLocation == "#/components/schemas/Pet/properties/id/type")
        #expect(try Self.check(.post, "http://h/v1/pets", Self.response(422, "", headers: [:])).status == "4XX")
        let problem = try Self.check(
            .get, "http://h/v1/pets/7", Self.response(404, "{}", headers: ["Content-Type": "application/problem+json"]))
        #expect(problem.status == "default")
        #expect(problem.passed)
    }

    @Test func theRequestSideChecksParametersAndTheBody() throws {
        let contract = try Self.contract()
        let good = Request(
            method: .post, url: URL(string: "http://h/v1/pets")!, headers: ["Content-Type": "application/json"],
            body: .bytes(Data(#"{"name": "Rex"}"#.utf8)))
        #expect(contract.check(request: good).findings == [])
        var readOnly = good
        readOnly.body = .bytes(Data(#"{"id": 3, "name": "Rex"}"#.utf8))
        #expect(contract.check(request: readOnly).findings.first?.violations.map(\.keyword) == ["readOnly"])
        var missing = good
        missing.body = .none
        #expect(contract.check(request: missing).findings.map(\.keyword) == ["required"])
        let limit = contract.check(request: Request(url: URL(string: "http://h/v1/pets?limit=500")!))
        #expect(limit.findings.map(\.part) == ["parameter limit (query)"])
        #expect(limit.findings.first?.keyword == "maximum")
        let path = contract.check(request: Request(url: URL(string: "http://h/v1/pets/abc")!))
        #expect(path.findings.map(\.part) == ["parameter petId (path)"])
    }

    @Test func coverageCountsOperationsAndDeclaredResponses() throws {
        let contract = try Self.contract()
        let coverage = ContractCoverage(
            contract,
            exchanges: [
                .init(method: .get, url: URL(string: "http://h/v1/pets")!, status: 200),
                .init(method: .get, url: URL(string: "http://h/v1/pets/1")!, status: 500),
                .init(method: .get, url: URL(string: "http://h/elsewhere")!, status: 200),
            ])
        #expect(coverage.operations.map(\.name) == ["GET /pets", "POST /pets", "GET /pets/{petId}", "GET /pets/mine"])
        #expect(coverage.exercisedOperations == 2)
        #expect(coverage.declaredResponses == 6)
        #expect(coverage.exercisedResponses == 2)
        #expect(coverage.unmatched == 1)
        #expect(coverage.lines.last == "operations 2/4 (50%), responses 2/6 (33%), 1 request matched no operation")
    }

    @Test func aCircleOfReferencesOrASchemaFerryCannotUseIsLocatedNotACrash() throws {
        do {
            _ = try OpenAPIContract(
                try JSONParser.parse(Data(##"{"openapi": "3.1.0", "paths": {"/a": {"$ref": "#/paths/~1a"}}}"##.utf8)), name: "loop.json")
            Issue.record("a circle of references was read")
        } catch let problem as SchemaProblem {
            #expect(problem.description.contains("circle"), "\(problem)")
        }
        let spec = """
            {"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"description": "x",
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Loop"}}}}}}}},
             "components": {"schemas": {"Loop": {"allOf": [{"$ref": "#/components/schemas/Loop"}]}}}}
            """
        let contract = try OpenAPIContract(try JSONParser.parse(Data(spec.utf8)), name: "a.json")
        let verdict = contract.check(Self.response(200, "{}"), method: .get, url: URL(string: "http://h/a")!, document: nil)
        #expect(verdict.findings.map(\.part) == ["body"])
        #expect(verdict.findings.first?.message.contains("the schema cannot be used") == true, "\(verdict.findings)")
    }

    @Test func aDocumentFerryCannotUseIsALocatedProblem() throws {
        #expect(throws: SchemaProblem.self) {
            try OpenAPIContract(try JSONParser.parse(Data(#"{"swagger": "2.0"}"#.utf8)), name: "old.json")
        }
        do {
            _ = try OpenAPIContract(
                try JSONParser.parse(Data(#"{"openapi": "3.0.0", "paths": {"/a": {"$ref": "other.yaml#/x"}}}"#.utf8)), name: "a.json")
            Issue.record("a reference to another file was followed")
        } catch let problem as SchemaProblem {
            #expect(problem.description.contains("a.json:1:"))
            #expect(problem.description.contains("#/paths/~1a"))
        }
    }
}
