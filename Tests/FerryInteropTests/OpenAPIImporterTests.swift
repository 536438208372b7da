import FerryCore
import FerryInterop
import Foundation
import Testing

/// The OpenAPI importer on the OpenAPI Initiative's example documents, Twilio's real API description
/// and a few documents of our own (Fixtures/openapi/README.md names each one's origin).
@Suite struct OpenAPIImporterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/openapi")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func load(_ name: String) throws -> ImportedCollection {
        try OpenAPIImporter().importCollection(try text(name), source: name, directory: fixtures.path)
    }

    static func problem(_ text: String) -> ImportProblem? {
        do {
            _ = try OpenAPIImporter().importCollection(text, source: "doc.yaml", directory: "/")
            return nil
        } catch {
            return error
        }
    }

    private func request(_ collection: ImportedCollection, _ path: String) throws -> RequestDescription {
        try #require(collection.requests.first { $0.path == path }, "no \(path) in \(collection.requests.map(\.path))").description
    }

    @Test func oauth2FlowsBecomeOAuth2Auth() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Flows, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /machine:
                get:
                  operationId: machine
                  security: [{machine: [read, write]}]
                  responses: {'200': {description: ok}}
              /user:
                get:
                  operationId: user
                  security: [{user: [profile]}]
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                machine: {type: oauth2, flows: {clientCredentials: {tokenUrl: "https://auth.example.com/token", scopes: {read: r, write: w}}}}
                user:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: "https://auth.example.com/authorize", tokenUrl: "https://auth.example.com/token", scopes: {profile: p}}
            """
        let collection = try OpenAPIImporter().importCollection(document, source: "flows.yaml", directory: "/")
        #expect(
            try request(collection, "machine.ferry.yaml").auth
                == .oauth2(
                    OAuth2Settings(
                        tokenURL: "https://auth.example.com/token", clientID: "{{clientId}}", clientSecret: "{{clientSecret}}",
                        scope: "read write")))
        #expect(
            try request(collection, "user.ferry.yaml").auth
                == .oauth2(
                    OAuth2Settings(
                        grant: .authorizationCode, tokenURL: "https://auth.example.com/token",
                        authorizationURL: "https://auth.example.com/authorize", clientID: "{{clientId}}", clientSecret: "{{clientSecret}}",
                        scope: "profile")))
        #expect(collection.environments.first?.variables.filter(\.isSecret).map(\.name) == ["clientId", "clientSecret"])
        #expect(!collection.report.notes(.dropped).contains { $0.message.contains("OAuth") })
    }

    @Test func petstoreOperationsBecomeRequestsInTagFolders() throws {
        let collection = try Self.load("v3.0-petstore.yaml")
        #expect(
            collection.requests.map(\.path) == [
                "pets/list-pets.ferry.yaml", "pets/create-pets.ferry.yaml", "pets/show-pet-by-id.ferry.yaml",
            ])
        #expect(collection.requests.map(\.source) == ["paths./pets.get", "paths./pets.post", "paths./pets/{petId}.get"])
        let list = try request(collection, "pets/list-pets.ferry.yaml")
        #expect(list.method == .get)
        #expect(list.url == "{{baseURL}}/pets")
        #expect(list.name == "List all pets")
        #expect(list.params == nil, "the optional limit is not sent…")
        #expect(list.disabledParams == .object([("limit", .number("0"))]), "…but kept, switched off, with a sample value")
        #expect(!collection.report.notes(.dropped).contains { $0.message.contains("limit") })
        let create = try request(collection, "pets/create-pets.ferry.yaml")
        #expect(create.method == .post)
        #expect(
            create.body
                == .json(
                    .object([
                        (key: "id", value: .number(0)), (key: "name", value: .string("string")), (key: "tag", value: .string("string")),
                    ])))
        let show = try request(collection, "pets/show-pet-by-id.ferry.yaml")
        #expect(show.url == "{{baseURL}}/pets/{{petId}}")
        #expect(
            collection.environments == [
                .init(
                    name: "Swagger Petstore",
                    variables: [
                        Variable(name: "baseURL", value: "http://petstore.swagger.io/v1"), Variable(name: "petId", value: "string"),
                    ])
            ])
    }

    /// Found by fuzzing: with a title longer than a slug (60 characters), every numbered name had
    /// the title's slug, and the search for a free environment name never ended.
    @Test func serversOfADocumentWithALongTitleGetEnvironmentsOfTheirOwn() throws {
        let title = String(repeating: "3", count: 80) + " Ferry demo"
        let text =
            "openapi: 3.1.0\ninfo: {title: '\(title)', version: '1'}\nservers:\n  - url: http://a.example\n  - url: http://b.example\n  - url: http://c.example\npaths: {}\n"
        let collection = try OpenAPIImporter().importCollection(text, source: "long.yaml", directory: "/nonexistent")
        let slugs = collection.environments.map { RequestFileName.slug($0.name) }
        #expect(collection.environments.count == 3)
        #expect(Set(slugs).count == 3, "\(slugs)")
        #expect(collection.environments.first?.name == title)
    }

    @Test func jsonAndYAMLOfOneDocumentImportAlike() throws {
        let yaml = try Self.load("v3.0-petstore.yaml")
        let json = try Self.load("v3.0-petstore.json")
        #expect(json.requests.map(\.path) == yaml.requests.map(\.path))
        #expect(json.requests.map(\.description) == yaml.requests.map(\.description))
        #expect(json.environments == yaml.environments)
    }

    @Test func untaggedOperationsSitAtTheTopAndAllOfBodiesMerge() throws {
        let collection = try Self.load("v3.0-petstore-expanded.yaml")
        #expect(
            collection.requests.map(\.path) == [
                "find-pets.ferry.yaml", "add-pet.ferry.yaml", "find-pet-by-id.ferry.yaml", "delete-pet.ferry.yaml",
            ])
        #expect(collection.requests.map(\.description.method) == [.get, .post, .get, .delete])
        let add = try request(collection, "add-pet.ferry.yaml")
        #expect(add.body == .json(.object([(key: "name", value: .string("string")), (key: "tag", value: .string("string"))])))
        #expect(try request(collection, "delete-pet.ferry.yaml").url == "{{baseURL}}/pets/{{id}}")
        #expect(collection.environments.first?.variables.first { $0.name == "id" }?.value == "0")
    }

    @Test func responseExamplesAreKept() throws {
        let collection = try Self.load("v3.0-api-with-examples.yaml")
        let list = try #require(collection.requests.first).description
        #expect(list.examples.map(\.status) == [200, 300])
        let body = try #require(list.examples.first?.body)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect((parsed["versions"] as? [Any])?.count == 2)
        #expect(list.examples.first?.headers == [HTTPHeader(name: "Content-Type", value: "application/json")])
    }

    @Test func serverVariablesTakeTheirDefaultsAndFormBodiesComeFromTheSchema() throws {
        let collection = try Self.load("v3.0-uspto.yaml")
        #expect(collection.environments.first?.variables.first == Variable(name: "baseURL", value: "https://developer.uspto.gov/ds-api"))
        let search = try #require(collection.requests.first { $0.description.method == .post }).description
        #expect(search.url == "{{baseURL}}/{{dataset}}/{{version}}/records")
        #expect(
            search.body
                == .form(
                    .object([
                        (key: "criteria", value: .string("*:*")), (key: "start", value: .number(0)), (key: "rows", value: .number(100)),
                    ])))
    }

    @Test func linksAndCallbacksAreNamedInTheReport() throws {
        let collection = try Self.load("v3.0-link-example.yaml")
        #expect(collection.report.notes(.dropped).contains { $0.place.hasSuffix(".links") })
        #expect(collection.requests.contains { $0.description.url == "{{baseURL}}/2.0/users/{{username}}" })
    }

    @Test func bearerSchemesBecomeCredentialsWithASecretVariable() throws {
        let collection = try Self.load("v3.1-non-oauth-scopes.yaml")
        let users = try #require(collection.requests.first).description
        #expect(users.auth == .bearer(token: "{{token}}"))
        #expect(collection.environments.first?.variables.contains(Variable(name: "token", value: "", isSecret: true)) == true)
        #expect(collection.report.notes(.approximated).contains { $0.place == "servers" }, "no server: http://localhost, said so")
    }

    @Test func webhooksAreDroppedWithANote() throws {
        let collection = try Self.load("v3.1-webhook-example.yaml")
        #expect(collection.requests.isEmpty)
        #expect(collection.report.notes(.dropped).map(\.place) == ["webhooks.newPet"])
    }

    @Test func schemaSamplesFollowFormatsEnumsAndStopRecursion() throws {
        let collection = try Self.load("ferry-demo.yaml")
        let echo = try request(collection, "echo/echo-item.ferry.yaml")
        #expect(echo.url == "{{baseURL}}/anything/{{item}}")
        #expect(echo.params == .object([(key: "page", value: .number(1))]))
        #expect(echo.headers == [.init(name: "X-Trace", value: "off-by-default", enabled: false)])
        #expect(echo.auth == .bearer(token: "{{token}}"))
        guard case .json(.object(let fields)) = echo.body else { Issue.record("not a JSON object: \(echo.body)"); return }
        #expect(fields.map(\.key) == ["name", "created", "kind", "tags", "parent"], "readOnly id left out")
        #expect(fields[1].value == .string("2024-01-01T00:00:00Z"))
        #expect(fields[2].value == .string("gadget"))
        #expect(fields[3].value == .array([.string("string")]))
        var depth = 0
        var parent = fields[4].value
        while case .object(let inner) = parent, let next = inner.first(where: { $0.key == "parent" }) {
            depth += 1
            parent = next.value
        }
        #expect((1..<8).contains(depth), "the recursive parent is sampled a few levels deep, then stops at the depth cap")
        #expect(
            echo.examples == [
                .init(
                    name: "the echo", status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                    body: "{\n  \"method\": \"POST\",\n  \"url\": \"/anything/widget-7\"\n}")
            ])
    }

    @Test func everyServerIsAnEnvironment() throws {
        let collection = try Self.load("ferry-demo.yaml")
        let shared = [Variable(name: "item", value: "widget-7"), Variable(name: "token", value: "", isSecret: true)]
        #expect(
            collection.environments == [
                .init(name: "Ferry demo", variables: [Variable(name: "baseURL", value: "http://127.0.0.1:8080")] + shared),
                .init(name: "Ferry demo staging", variables: [Variable(name: "baseURL", value: "https://demo.example:8443/v1")] + shared),
            ])
    }

    @Test func aLargeRealDocumentImportsCompletelyAndTheSameEveryTime() throws {
        let first = try Self.load("twilio_api_v2010.yaml")
        #expect(first.requests.count == 197)
        #expect(Set(first.requests.map(\.path)).count == first.requests.count)
        #expect(first.requests.allSatisfy { $0.description.auth == .basic(username: "{{username}}", password: "{{password}}") })
        let send = try #require(first.requests.first { $0.source == "paths./2010-04-01/Accounts/{AccountSid}/Messages.json.post" })
            .description
        #expect(send.url == "{{baseURL}}/2010-04-01/Accounts/{{AccountSid}}/Messages.json")
        guard case .form(.object(let fields)) = send.body else { Issue.record("not a form: \(send.body)"); return }
        #expect(fields.map(\.key).contains("To"))
        #expect(try Self.load("twilio_api_v2010.yaml") == first)
    }

    @Test func apiKeysMultipartBodiesAndUnsupportedSchemes() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Keys, version: "1"}
            servers: [{url: "https://api.example.com"}]
            security: [{headerKey: [], queryKey: []}, {oauth: []}]
            paths:
              /upload:
                post:
                  operationId: uploadFile
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            title: {type: string, example: Holiday}
                            file: {type: string, format: binary}
                  responses:
                    '200': {description: ok}
              /login:
                get:
                  operationId: login
                  security: [{oauth: []}]
                  responses:
                    '200': {description: ok}
            components:
              securitySchemes:
                headerKey: {type: apiKey, in: header, name: X-API-Key}
                queryKey: {type: apiKey, in: query, name: api_key}
                oauth: {type: oauth2, flows: {implicit: {authorizationUrl: "https://example.com/auth", scopes: {}}}}
            """
        let collection = try OpenAPIImporter().importCollection(document, source: "keys.yaml", directory: "/")
        let upload = try request(collection, "upload-file.ferry.yaml")
        #expect(upload.headers == [.init(name: "X-API-Key", value: "{{headerKey}}")])
        #expect(upload.params == .object([(key: "api_key", value: .string("{{queryKey}}"))]))
        #expect(
            upload.body
                == .multipart([.init(name: "title", value: .text("Holiday")), .init(name: "file", value: .file(path: "{{fileFile}}"))]),
            "a binary field is a file part whose path the user gives")
        #expect(collection.report.notes(.approximated).contains { $0.place == "security" && $0.message.contains("first of 2") })
        #expect(
            collection.report.notes(.approximated).contains {
                $0.place == "paths./upload.post.requestBody.content.multipart/form-data" && $0.message.contains("{{fileFile}}")
            })
        #expect(try request(collection, "login.ferry.yaml").auth == .bearer(token: "{{token}}"), "an implicit flow sends a token you set")
        #expect(
            collection.report.notes(.approximated).contains {
                $0.place == "components.securitySchemes.oauth" && $0.message.contains("OAuth 2.0 flow")
            })
        #expect(collection.environments.first?.variables.filter(\.isSecret).map(\.name) == ["headerKey", "queryKey", "token"])
    }

    @Test func anExampleHoldingBracesOfItsOwnIsSentAsWritten() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Designs, version: "1"}
            paths:
              /designs:
                post:
                  requestBody:
                    content:
                      application/json:
                        example: {name: Welcome, html_content: "<p>{{Sender_Name}}</p>"}
                  responses:
                    '201': {description: made}
            """
        let collection = try OpenAPIImporter().importCollection(document, source: "designs.yaml", directory: "/")
        let post = try #require(collection.requests.first).description
        guard case .bytes(let data, let type) = post.body else { Issue.record("\(post.body)"); return }
        #expect(type == "application/json")
        let variables = VariableResolver([Variable(name: "baseURL", value: "https://api.example.com")])
        let sent = try post.resolved(with: variables, directory: "/").request
        guard case .bytes(let body) = sent.body else { Issue.record("\(sent.body)"); return }
        #expect(body == data, "sent as written")
        #expect(
            String(decoding: data, as: UTF8.self).contains(#""html_content": "<p>{{Sender_Name}}</p>""#), "SendGrid's tag, not a variable")
        #expect(collection.report.notes(.approximated).contains { $0.message.contains("sent as written") })
    }

    @Test func aVariableNameIsInAnEnvironmentOnce() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Names, version: "1"}
            security: [{bearer: []}]
            paths:
              /tokens/{token}/{baseURL}:
                delete:
                  parameters:
                    - {name: token, in: path, required: true, schema: {type: string}, example: t-1}
                    - {name: baseURL, in: path, required: true, schema: {type: string}}
                  responses:
                    '204': {description: gone}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
            """
        let collection = try OpenAPIImporter().importCollection(document, source: "names.yaml", directory: "/")
        #expect(
            collection.environments.first?.variables == [
                Variable(name: "baseURL", value: "http://localhost"), Variable(name: "token", value: "", isSecret: true),
            ])
    }

    @Test func referencesIntoOtherFilesAreReadRelativeToTheFileReferring() throws {
        let folder = Self.fixtures.appendingPathComponent("multi-file")
        let text = try String(contentsOf: folder.appendingPathComponent("api.yaml"), encoding: .utf8)
        let collection = try OpenAPIImporter().importCollection(text, source: "api.yaml", directory: folder.path)
        #expect(try request(collection, "list-pets.ferry.yaml").params == .object([(key: "limit", value: .number(1))]))
        #expect(
            try request(collection, "add-pet.ferry.yaml").body
                == .json(
                    .object([
                        (key: "name", value: .string("string")), (key: "kind", value: .string("dog")),
                        (key: "owner", value: .object([(key: "email", value: .string("user@example.com"))])),
                    ])), "schemas/pet.yaml, its own #/definitions and schemas/owner.yaml beside it")
        #expect(
            try request(collection, "plant-tree.ferry.yaml").body
                == .json(
                    .object([
                        (key: "label", value: .string("string")), (key: "children", value: .array([.string("")])),
                    ])), "a file referring to itself (`#`) stops at the first repetition")
        #expect(
            collection.report.notes(.dropped).map(\.place) == [
                "paths./owners.post.requestBody.content.application/json.schema", "paths./owners.post.requestBody.content.application/json",
            ])
    }

    @Test func unreadableReferencesAreReportedWithTheirPlaces() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Ext, version: "1"}
            paths:
              /pets:
                post:
                  parameters:
                    - $ref: 'parameters.yaml#/Limit'
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: 'schemas/Pet.yaml'}
                  responses:
                    '200': {description: ok}
            """
        let collection = try OpenAPIImporter().importCollection(document, source: "ext.yaml", directory: "/")
        #expect(collection.requests.map(\.path) == ["post-pets.ferry.yaml"])
        let dropped = collection.report.notes(.dropped)
        #expect(
            dropped.map(\.place) == [
                "paths./pets.post.parameters[0]", "paths./pets.post.requestBody.content.application/json.schema",
                "paths./pets.post.requestBody.content.application/json",
            ])
        #expect(dropped.dropLast().allSatisfy { $0.message.contains("points into another file that cannot be read") }, "\(dropped)")
        #expect(collection.requests.first?.description.body == RequestDescription.Body.none, "no `null` body")
    }

    /// Swagger 2.0 goes through `SwaggerConverter` to the OpenAPI 3.0 it describes: the same requests
    /// as the OpenAPI Initiative's 3.0 edition of the same petstore.
    @Test func swaggerTwoImportsAsTheOpenAPIThreeItDescribes() throws {
        let two = try Self.load("v2.0-petstore.yaml")
        let three = try Self.load("v3.0-petstore.yaml")
        #expect(two.requests.map(\.path) == three.requests.map(\.path))
        #expect(two.requests.map(\.description.url) == three.requests.map(\.description.url))
        #expect(two.requests.map(\.description.method) == three.requests.map(\.description.method))
        #expect(two.environments.first?.variables.first == Variable(name: "baseURL", value: "http://petstore.swagger.io/v1"))

        let expanded = try Self.load("v2.0-petstore-expanded.json")
        #expect(
            try request(expanded, "add-pet.ferry.yaml").body
                == .json(.object([(key: "name", value: .string("string")), (key: "tag", value: .string("string"))])),
            "a body parameter's $ref'd schema gives the sample")
        #expect(expanded.environments.first?.variables.first == Variable(name: "baseURL", value: "http://petstore.swagger.io/api"))
        #expect(try Self.load("v2.0-uber.json").requests.count == 5)

        let form = try Self.load("swagger-form.yaml")
        let upload = try request(form, "upload-photo.ferry.yaml")
        #expect(
            upload.body
                == .multipart([.init(name: "title", value: .text("Holiday")), .init(name: "photo", value: .file(path: "{{photoFile}}"))]))
        #expect(upload.auth == .basic(username: "{{username}}", password: "{{password}}"))
        let login = try request(form, "login.ferry.yaml")
        guard case .form(.object(let fields)) = login.body else { Issue.record("not a form body: \(login.body)"); return }
        #expect(fields.map(\.key) == ["user", "remember"])
        #expect(login.params == .object([(key: "key", value: .string("{{apiKey}}"))]))
        #expect(login.examples.first?.body?.contains("abc") == true, "the response's example")

        #expect(Self.problem("swagger: '1.2'\ninfo: {title: x, version: '1'}\n")?.place == "swagger")
        #expect(Self.problem("openapi: 4.0.0\ninfo: {title: x, version: '1'}\npaths: {}\n")?.place == "openapi")
        #expect(Self.problem("info: {title: x}\n")?.message.contains("not an OpenAPI document") == true)
    }

    @Test func malformedDocumentsAreProblemsWithPlaces() throws {
        let syntax = try #require(Self.problem(try Self.text("broken-yaml.yaml")))
        #expect(syntax.place == "line 10, column 1", "\(syntax)")
        #expect(syntax.message.contains("while scanning a quoted scalar at line 8, column 16"), "where the quote opened: \(syntax)")
        let decoding = try #require(Self.problem(try Self.text("broken-openapi.yaml")))
        #expect(decoding.place == "paths./pets, line 7, column 5", "\(decoding)")
        #expect(decoding.message.contains("Expected to find `responses` key for the **GET** endpoint under `/pets`"), "\(decoding)")
        #expect(!decoding.message.contains("\n"), "one line: \(decoding)")
        // In 3.1 an operation may have no responses: the malformed ones are left out, named.
        let json = try OpenAPIImporter().importCollection(
            "{\"openapi\": \"3.1.0\",\n \"info\": {\"title\": \"x\", \"version\": \"1\"},\n \"paths\": {\"/a\": {\"get\": {\"responses\": 7}}}}",
            source: "doc.json", directory: "/")
        #expect(json.requests.count == 1)
        #expect(json.report.notes(.dropped).first?.place.hasPrefix("paths./a.get.responses") == true, "\(json.report.notes)")
        let truncated = try #require(Self.problem("{\"openapi\": \"3.1.0\",\n \"info\": {"))
        #expect(truncated.place == "line 3, column 1", "the end of the text: \(truncated)")
        #expect(truncated.message.hasPrefix("not valid YAML or JSON"), "\(truncated)")
    }

    /// What real documents hold and OpenAPIKit refuses costs that part alone: a bound beyond 64-bit
    /// integers (`maximum: 9223372036854776000`, as in several public descriptions), a malformed
    /// parameter list; the other operations come in, and the report names each part left out.
    @Test func aPartThatCannotBeReadIsLeftOutAndNamed() throws {
        let text = """
            openapi: 3.0.3
            info: {title: tolerant, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /ids:
                get:
                  operationId: listIds
                  parameters:
                    - name: after
                      in: query
                      schema: {type: integer, format: int64, minimum: 0, maximum: 9223372036854776000}
                  responses: {"200": {description: ok}}
              /broken:
                get:
                  operationId: broken
                  parameters: "not a list"
                  responses: {"200": {description: ok}}
              /pets:
                post:
                  operationId: addPet
                  responses: {"201": {description: created}}
            """
        let imported = try OpenAPIImporter().importCollection(text, source: "tolerant.yaml", directory: "/")
        #expect(imported.requests.map(\.description.url).sorted() == ["{{baseURL}}/broken", "{{baseURL}}/ids", "{{baseURL}}/pets"])
        let dropped = imported.report.notes(.dropped).filter { $0.message.hasPrefix("not read, left out: ") }
        #expect(dropped.map(\.place) == ["paths./broken.get.parameters, line 16, column 19"], "\(dropped)")
        #expect(
            imported.report.notes(.approximated).contains {
                $0.place == "paths./ids.get.parameters[0].schema.maximum"
                    && $0.message == "9223372036854776000 is beyond 64-bit integers: 9223372036854775807 is used"
            })

    }

    /// A tag named Environments does not become the collection's `environments/` folder, where its
    /// requests would never be read.
    @Test func aTagNamedEnvironmentsIsNotTheEnvironmentsFolder() throws {
        let text = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /environments:
                get: {operationId: listEnvironments, tags: [Environments], responses: {"200": {description: ok}}}
            """
        let imported = try OpenAPIImporter().importCollection(text, source: "t.yaml", directory: "/")
        #expect(imported.requests.map(\.path) == ["environments-requests/list-environments.ferry.yaml"])
        #expect(RequestFileName.folder(["Environments", "Staging"]) == "environments-requests/staging")
        #expect(RequestFileName.folder(["Team", "Environments"]) == "team/environments")
    }

    @Test func formatIsDetectedFromTheDocument() throws {
        #expect(ImportFormat.detect(try Self.text("v3.0-petstore.yaml")) == .openapi)
        #expect(ImportFormat.detect(try Self.text("v3.0-petstore.json")) == .openapi)
        #expect(ImportFormat.detect(try Self.text("twilio_api_v2010.yaml")) == .openapi, "`openapi:` on line 6678")
        #expect(ImportFormat.detect("info:\n  description: see the openapi: key\n") == nil)
        #expect(ImportFormat.openapi.importer is OpenAPIImporter)
    }
}
