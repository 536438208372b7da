import FerryCore
import FerryMock
import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry mock`'s answers in process: routes from URL templates, mock-file rules and templates,
/// faults, stored resources and request validation.
@Suite struct MockServiceTests {
    private func reply(
        _ service: MockService, _ method: String, _ target: String, headers: [(String, String)] = [], body: String = ""
    )
        -> (status: Int, body: String, headers: [(name: String, value: String)])
    {
        let outcome = service.respond(
            to: MockRequest(method: method, target: target, headers: headers.map { ($0.0, $0.1) }, body: Array(body.utf8)))
        return (outcome.reply.status, String(decoding: outcome.reply.body, as: UTF8.self), outcome.reply.headers)
    }

    @Test func urlTemplatesBecomePathTemplates() {
        #expect(PathTemplate(urlTemplate: "{{baseUrl}}/pets/{{id}}").description == "/pets/{id}")
        #expect(PathTemplate(urlTemplate: "https://api.test/v1/pets/:id?x=1").description == "/v1/pets/{id}")
        #expect(PathTemplate(urlTemplate: "/pets/{petId}/toys").description == "/pets/{petId}/toys")
        #expect(PathTemplate(urlTemplate: "{{host}}").description == "/")
        #expect(PathTemplate(urlTemplate: "/a%20b").match(["a b"]) != nil)
        let router = MockRouter(routes: [
            MockRoute(
                method: "GET", template: PathTemplate(urlTemplate: "/pets/{id}"), source: "a",
                responses: [MockResponse(name: "", status: 200)]),
            MockRoute(
                method: "GET", template: PathTemplate(urlTemplate: "/pets/mine"), source: "b",
                responses: [MockResponse(name: "", status: 201)]),
        ])
        guard case .route(let route, _) = router.match(MockRequest(method: "GET", target: "/pets/mine")) else {
            Issue.record("no route")
            return
        }
        #expect(route.source == "b")
    }

    @Test(arguments: [#"^[A-Z]{2}-\d{3}$"#, "^(cat|dog)s?$", #"^\w+@[a-z]+\.com$"#, "[0-9a-f]{8}", #"^(?:\+1)?\d{10}$"#, "^a.c$"])
    func patternsGiveStringsTheyMatch(pattern: String) throws {
        let schema = Parameters.object([("type", .string("string")), ("pattern", .string(pattern))])
        let document = try JSONParser.parse(try JSONRequestSerializer().serialize(schema))
        let validator = try SchemaValidator(document)
        let source = try sampleSource(schema: #"{"type": "string", "pattern": \#(JSONStringLiteral(pattern))}"#)
        let body = try #require(source.routes().routes.first?.responses.first { $0.isGenerated }?.body)
        #expect(validator.isValid(try JSONParser.parse(Data(body))), "\(String(decoding: body, as: UTF8.self))")
    }

    private func JSONStringLiteral(_ text: String) -> String {
        String(decoding: try! JSONRequestSerializer().serialize(.string(text)), as: UTF8.self)
    }

    /// An OpenAPI document whose one operation answers a body of `schema`.
    private func sampleSource(schema: String) throws -> OpenAPIMockSource {
        let directory = try TemporaryDirectory()
        let text = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {"responses": {"200": {
              "description": "x", "content": {"application/json": {"schema": \(schema)}}}}}}}}
            """
        return try OpenAPIMockSource(path: try directory.write("x.json", Data(text.utf8)))
    }

    @Test func rulesMatchAndTemplateRequestValues() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "mock.yaml",
            Data(
                """
                rules:
                  - match: {method: POST, path: /pets, body: {$.kind: cat}}
                    respond:
                      status: 201
                      headers: {Content-Type: application/json}
                      body: '{"name": "{{request.body.$.name}}", "by": "{{request.headers.X-User}}", "q": "{{request.query.q}}"}'
                  - match: {method: GET, path: "/pets/{id}"}
                    respond: {status: 200, body: 'pet {{request.path.id}}'}
                  - match: {path: /slow}
                    latency: {min: 100, max: 200}
                    respond: {status: 204}
                  - match: {path: /broken}
                    fail: {rate: 1, status: 503}
                    respond: {status: 200}
                  - match: {path: /gone}
                    drop: 1
                    respond: {status: 200}
                """.utf8))
        let rules = try MockFile(path: file).rules
        let service = MockService(router: MockRouter(routes: []), rules: rules)
        let created = reply(
            service, "POST", "/pets?q=a+b", headers: [("X-User", "ann")], body: #"{"kind": "cat", "name": "Tom \"the\" cat"}"#)
        #expect(created.status == 201)
        #expect(created.body == #"{"name": "Tom \"the\" cat", "by": "ann", "q": "a b"}"#)
        #expect(reply(service, "POST", "/pets", body: #"{"kind": "dog"}"#).status == 404)
        #expect(reply(service, "GET", "/pets/42").body == "pet 42")
        let slow = service.respond(to: MockRequest(method: "GET", target: "/slow"))
        #expect((100...200).contains(slow.reply.delay) && slow.reply.status == 204)
        #expect(reply(service, "GET", "/broken").status == 503)
        #expect(service.respond(to: MockRequest(method: "GET", target: "/gone")).reply.dropsConnection)
    }

    @Test func latencyFromADistributionAndASlowBodyAreReadFromTheMockFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "mock.yaml",
            Data(
                """
                rules:
                  - match: {path: /tail}
                    latency: {type: lognormal, median: 80, sigma: 0.5}
                  - match: {path: /bell}
                    latency: {type: gaussian, mean: 50, stdDev: 10}
                  - match: {path: /even}
                    latency: {type: uniform, lower: 10, upper: 20}
                    dribble: 100
                  - match: {path: /sometimes}
                    dribble: {bytesPerSecond: 5, rate: 0.5}
                """.utf8))
        let rules = try MockFile(path: file).rules
        #expect(
            rules.map(\.fault.latency) == [.logNormal(median: 80, sigma: 0.5), .normal(mean: 50, deviation: 10), .uniform(10...20), nil])
        #expect(rules[2].fault.dribble?.bytesPerSecond == 100 && rules[2].fault.dribble?.rate == 1)
        #expect(rules[3].fault.dribble?.bytesPerSecond == 5 && rules[3].fault.dribble?.rate == 0.5)
        // Drawn with a seeded generator: the median of the log-normal is its median, the mean of the normal its mean.
        let seeded = SeededBytes(seed: 35)
        var drawn = 0
        let unit = { () -> Double in
            drawn += 1
            return Double(seeded.bytes(from: drawn * 8, count: 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 11) / Double(1 << 53)
        }
        let tail = (0..<2001).map { _ in MockLatency.logNormal(median: 80, sigma: 0.5).sample(random: unit) }.sorted()
        #expect((72...88).contains(tail[1000]), "\(tail[1000])")
        #expect(tail.last! > 2 * tail[1000])  // the long tail
        let bell = (0..<2000).map { _ in MockLatency.normal(mean: 50, deviation: 10).sample(random: unit) }
        #expect(abs(Double(bell.reduce(0, +)) / 2000 - 50) < 2)
        let service = MockService(
            router: MockRouter(routes: [
                MockRoute(
                    method: "GET", template: PathTemplate(urlTemplate: "/even"), source: "t",
                    responses: [MockResponse(name: "", status: 200)])
            ]), rules: rules)
        let even = service.respond(to: MockRequest(method: "GET", target: "/even")).reply
        #expect((10...20).contains(even.delay) && even.bytesPerSecond == 100)
        // A type, a field or a bound that is not a latency's is located.
        for (bad, message) in [
            ("{type: pareto, median: 1}", "expected uniform, lognormal or gaussian"),
            ("{type: lognormal, mean: 5}", "takes median and sigma"),
            ("{type: gaussian, mean: -5}", "expected milliseconds"), ("{lower: 20, upper: 10}", "lower is above upper"),
        ] {
            let broken = try directory.write("bad.yaml", Data("rules:\n  - match: {path: /x}\n    latency: \(bad)\n".utf8))
            #expect {
                _ = try MockFile(path: broken)
            } throws: { error in
                "\(error)".contains("bad.yaml:3") && "\(error)".contains(message)
            }
        }
    }

    @Test func aMockFileThatBreaksIsLocatedAndOneThatMatchesNothingWarns() throws {
        let directory = try TemporaryDirectory()
        let broken = try directory.write("bad.yaml", Data("rules:\n  - match: {path: pets}\n".utf8))
        #expect {
            _ = try MockFile(path: broken)
        } throws: { error in
            "\(error)".contains("bad.yaml:2") && "\(error)".contains("starts with /")
        }
        let lonely = try directory.write(
            "lonely.yaml",
            Data("rules:\n  - match: {path: /nowhere}\n    latency: 5\n  - match: {path: /pets}\n    respond: {example: nope}\n".utf8))
        let route = MockRoute(
            method: "GET", template: PathTemplate(urlTemplate: "/pets"), source: "pets.ferry.yaml",
            responses: [MockResponse(name: "all", status: 200)])
        let service = MockService(router: MockRouter(routes: [route]), rules: try MockFile(path: lonely).rules)
        let warnings = service.ruleWarnings()
        #expect(warnings.count == 2)
        #expect(warnings.first?.contains("lonely.yaml:2:5") == true && warnings.first?.contains("matches no route") == true)
        #expect(warnings.last?.contains("an example named nope") == true)
    }

    @Test func statefulResourcesGoThroughCreateReadUpdateDelete() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("api.yaml", Data(MockOpenAPITests.petstoreCRUD.utf8))
        let router = MockRouter(routes: try OpenAPIMockSource(path: path).routes().routes)
        let service = MockService(router: router, resources: ResourceStore(routes: router.routes))
        #expect(reply(service, "GET", "/pets").body == "[]")
        let created = reply(service, "POST", "/pets", headers: [("Content-Type", "application/json")], body: #"{"name": "Rex"}"#)
        #expect(created.status == 201 && created.body == #"{"id":1,"name":"Rex"}"#)
        #expect(created.headers.contains { $0.name == "Location" && $0.value == "/pets/1" })
        #expect(reply(service, "POST", "/pets", body: #"{"name": "Tom"}"#).body == #"{"id":2,"name":"Tom"}"#)
        #expect(reply(service, "GET", "/pets/1").body == #"{"id":1,"name":"Rex"}"#)
        #expect(reply(service, "PATCH", "/pets/1", body: #"{"tag": "good"}"#).body == #"{"id":1,"name":"Rex","tag":"good"}"#)
        #expect(reply(service, "PUT", "/pets/2", body: #"{"name": "Tim"}"#).body == #"{"id":2,"name":"Tim"}"#)
        #expect(reply(service, "GET", "/pets").body == #"[{"id":1,"name":"Rex","tag":"good"},{"id":2,"name":"Tim"}]"#)
        #expect(reply(service, "DELETE", "/pets/1").status == 204)
        #expect(reply(service, "GET", "/pets/1").status == 404)
        #expect(reply(service, "DELETE", "/pets/9").status == 404)
        #expect(reply(service, "POST", "/pets", body: "[1]").status == 400)
    }

    @Test func validationNamesTheViolationAndItsPointer() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("api.yaml", Data(MockOpenAPITests.petstoreCRUD.utf8))
        let source = try OpenAPIMockSource(path: path)
        let service = MockService(router: MockRouter(routes: source.routes().routes), validator: RequestValidator(documents: [source]))
        let json = [("Content-Type", "application/json")]
        let wrongType = reply(service, "POST", "/pets", headers: json, body: #"{"name": 5}"#)
        #expect(wrongType.status == 400)
        #expect(wrongType.headers.contains { $0.name == "Content-Type" && $0.value == "application/problem+json" })
        #expect(wrongType.body.contains(#""pointer": "/name""#) && wrongType.body.contains(#""in": "body""#))
        #expect(reply(service, "POST", "/pets", headers: json, body: "{}").body.contains("name"))
        #expect(reply(service, "POST", "/pets", headers: json, body: "{").body.contains("not JSON at line 1"))
        #expect(reply(service, "POST", "/pets", headers: [("Content-Type", "text/plain")], body: "x").status == 415)
        #expect(reply(service, "GET", "/pets?limit=ten").body.contains(#""pointer": "/limit""#))
        #expect(reply(service, "GET", "/pets?limit=1000").status == 400)
        #expect(reply(service, "GET", "/pets?limit=10").status == 200)
        #expect(reply(service, "GET", "/pets/abc").body.contains(#""in": "path""#))
        #expect(reply(service, "POST", "/pets", headers: json, body: #"{"name": "Rex"}"#).status == 201)
    }
}

extension MockOpenAPITests {
    static let petstoreCRUD = """
        openapi: 3.0.3
        info: {title: pets, version: "1"}
        paths:
          /pets:
            get:
              parameters:
                - {name: limit, in: query, schema: {type: integer, maximum: 100}}
              responses:
                "200": {description: all, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}}
            post:
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: "#/components/schemas/NewPet"}}}
              responses:
                "201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
          /pets/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer}}
            get:
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
            put:
              requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/NewPet"}}}}
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
            patch:
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
            delete:
              responses:
                "204": {description: gone}
        components:
          schemas:
            NewPet:
              type: object
              required: [name]
              properties: {name: {type: string}, tag: {type: string}}
            Pet:
              allOf:
                - {$ref: "#/components/schemas/NewPet"}
                - {type: object, required: [id], properties: {id: {type: integer}}}
        """
}
