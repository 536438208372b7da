import FerryCore
import FerryInterop
import Foundation
import Testing

/// `.http` and `.rest` files as slumber's test data has them (written for the JetBrains HTTP Client
/// and VS Code REST Client), with the environment files beside them.
@Suite struct HTTPFileImporterTests {
    @Test func aJetBrainsFileComesInWithItsNamesVariablesAndEnvironments() throws {
        let imported = try Fixture.imported(HTTPFileImporter(), "http", "jetbrains.http")
        #expect(
            imported.requests.map(\.path) == [
                "simpleget.ferry.yaml", "jsonpost.ferry.yaml", "put-endpoint.ferry.yaml",
                "withquery.ferry.yaml", "cantemplatevariables.ferry.yaml",
            ])
        #expect(
            imported.folders[""]?.order == imported.requests.map(\.path),
            "`ferry run` takes the file's order (simpleget before cantemplatevariables), not the names' (issue 28)")
        let get = try #require(imported.request("simpleget.ferry.yaml")).description
        #expect(get.name == "SimpleGet")
        #expect(get.method == .get && get.url == "{{HOST}}/get" && get.body == .none, "a comment after a request is no body")

        let post = try #require(imported.request("jsonpost.ferry.yaml")).description
        #expect(post.auth == .basic(username: "foo", password: "bar"), "Basic Zm9vOmJhcg== is foo:bar")
        #expect(post.headers.map(\.name) == ["Content-Type", "X-Http-Method-Override"])
        #expect(post.body == .raw("{\n    \"data\": \"my data\"\n}", contentType: nil))

        let put = try #require(imported.request("put-endpoint.ferry.yaml")).description
        #expect(put.name == nil)
        #expect(put.url == "https://httpbin.org/{{endpoint}}")
        #expect(put.auth == .bearer(token: "efaxijasdfjasdfa"))
        #expect(put.body == .raw("a=b&c=d", contentType: nil))

        let query = try #require(imported.request("withquery.ferry.yaml")).description
        #expect(query.url == "{{HOST}}/get")
        #expect(query.params == .object([("q", .string("query")), ("sort", .string("{{sort_by}}"))]))

        #expect(imported.environments.map(\.name) == ["development", "production"])
        let development = try #require(imported.environments.first)
        let values = Dictionary(uniqueKeysWithValues: development.variables.map { ($0.name, $0) })
        #expect(values["host"]?.value == "localhost")
        #expect(values["id-value"]?.value == "12345", "numbers are text")
        #expect(values["super-secret-number"]?.isSecret == true, "the private file's values are secret")
        #expect(values["host"]?.isSecret == false)
        #expect(values["HOST"]?.value == "http://httpbin.org", "the file's variables are in every environment")
        #expect(values["name"]?.value == "{{first_name}}_{{last_name}}", "a value made of variables stays so")
        #expect(
            try VariableResolver(development.variables).render("{{name}}", place: "url") == "joe_list",
            "and is filled in when the request is sent")
    }

    /// A response reference (`{{login.response.body.$.token}}`) is a chained value of the request
    /// that uses it: Ferry sends the named request first and takes the value from its answer.
    @Test func responseReferencesBecomeChainedValues() throws {
        let text = """
            @host = http://127.0.0.1:8080

            # @name login
            POST {{host}}/login
            Content-Type: application/json

            {"user": "ferry", "password": "{{password}}"}

            ###
            GET {{host}}/me
            Authorization: Bearer {{login.response.body.$.token}}
            X-Trace: {{login.response.headers.X-Request-Id}}
            X-Other: {{ghost.response.body.$.id}}
            """
        let imported = try HTTPFileImporter().importCollection(text, source: "api.http", directory: "/")
        let me = try #require(imported.requests.last)
        #expect(me.description.auth == .bearer(token: "{{login.response.body.$.token}}"))
        #expect(
            me.description.chains == [
                VariableChain(
                    capture: Capture(name: "login.response.body.$.token", source: .body(path: "$.token")), request: "login.ferry.yaml"),
                VariableChain(
                    capture: Capture(name: "login.response.headers.X-Request-Id", source: .header("X-Request-Id")),
                    request: "login.ferry.yaml"),
            ])
        #expect(
            imported.report.notes(.dropped).contains {
                $0.message == "{{ghost.response.body.$.id}}: no request of this file is named ghost"
            })
    }

    /// A query with spaces, as the editors accept it (the spaces are encoded when it is sent); a space
    /// elsewhere in the URL is still an error at its place.
    @Test func spacesInTheQueryAreTakenAsTheEditorsTakeThem() throws {
        let imported = try HTTPFileImporter().importCollection(
            "GET https://api.example.com/weather?location=New York&units=metric HTTP/1.1\n", source: "w.http", directory: "/")
        let request = try #require(imported.requests.first).description
        #expect(request.url == "https://api.example.com/weather")
        #expect(request.params == .object([("location", .string("New York")), ("units", .string("metric"))]))
        let sent = try request.resolved(with: .literal, directory: "/").request
        #expect(sent.url.absoluteString == "https://api.example.com/weather?location=New%20York&units=metric")
    }

    @Test func variablesSetAfterARequestAreFileVariablesNotItsBody() throws {
        let text =
            "GET https://a.example/one HTTP/1.1\n\n@BASE_URL = https://b.example/v1\n# a note\n@KEY=k1\n\n###\n\nGET {{BASE_URL}}/two\n"
        let imported = try HTTPFileImporter().importCollection(text, source: "v.http", directory: "/")
        let first = try #require(imported.requests.first).description
        #expect(first.body == .none, "kulala's demo sets its variables there")
        let variables = imported.environments.flatMap(\.variables).map { "\($0.name)=\($0.value)" }
        #expect(variables == ["BASE_URL=https://b.example/v1", "KEY=k1"])
        let posted = try HTTPFileImporter().importCollection("POST https://a.example\n\n@a = 1\nmore\n", source: "p.http", directory: "/")
        let post = try #require(posted.requests.first).description
        #expect(post.body == .raw("@a = 1\nmore", contentType: nil), "a body that only starts so stays one")
    }

    @Test func aRestFileWithABodyFileAndVariablesInVariables() throws {
        let imported = try Fixture.imported(HTTPFileImporter(), "http", "rest_http_bin.http")
        #expect(imported.requests.count == 4)
        let pets = try #require(imported.request("pet-json.ferry.yaml")).description
        #expect(pets.body == .file(path: "./test_data/rest_pets.json", contentType: nil))
        #expect(
            imported.report.notes(.approximated).contains { $0.place == "line 41" && $0.message.contains("./test_data/rest_pets.json") })
        let post = try #require(imported.request("jsonpost.ferry.yaml")).description
        #expect(post.url == "{{HOST}}/post", "{{ HOST}} is read as {{HOST}}")
        #expect(post.params == .object([("hello", .string("123"))]))
        #expect(imported.environments.map(\.name) == ["development", "production"], "the environment files beside it")
        let environment = try #require(imported.environments.first)
        #expect(try VariableResolver(environment.variables).render("{{FULL}}", place: "url") == "Joe Smith")
    }

    @Test func theImportedRequestSendsWhatTheFileSays() throws {
        let imported = try Fixture.imported(HTTPFileImporter(), "http", "jetbrains.http")
        let environment = try #require(imported.environments.first { $0.name == "production" })
        let request = try #require(imported.request("jsonpost.ferry.yaml")).description
            .resolved(with: VariableResolver(environment.variables), directory: "/").request.authenticated()
        #expect(request.url.absoluteString == "http://httpbin.org/post")
        #expect(request.headers["Authorization"] == "Basic Zm9vOmJhcg==")
        #expect(request.headers["X-Http-Method-Override"] == "PUT")
    }

    @Test func handlersDirectivesAndBuiltInsAreNamed() throws {
        let text = """
            ### Create
            # @no-redirect
            # @no-cookie-jar
            POST https://api.example/items?id={{$guid}}&at={{$random.alphabetic(4)}}
            Content-Type: application/json

            {"home": "{{$processEnv HOME}}"}

            > {% client.test("ok", () => client.assert(response.status === 200)); %}

            ###
            GET https://api.example/items
                ?page=2
                &size=10
            <> 2024-01-01T000000.200.json

            ### XML
            PUT https://api.example/note
            Content-Type: application/xml

            <note>hi</note>
            """
        let imported = try HTTPFileImporter().importCollection(text, source: "api.http", directory: "/nonexistent")
        let create = try #require(imported.request("create.ferry.yaml")).description
        #expect(create.options.followRedirects == false)
        #expect(create.params == .object([("id", .string("{{$uuid}}")), ("at", .string("{{$random.alphabetic(4)}}"))]))
        #expect(create.body == .raw(#"{"home": "{{$env.HOME}}"}"#, contentType: nil))
        let list = try #require(imported.request("get-items.ferry.yaml")).description
        #expect(list.params == .object([("page", .string("2")), ("size", .string("10"))]))
        #expect(
            try #require(imported.request("xml.ferry.yaml")).description.body == .raw("<note>hi</note>", contentType: nil),
            "a one-line XML body is no body file")
        let dropped = imported.report.notes(.dropped)
        #expect(dropped.contains { $0.place == "line 3" && $0.message.contains("@no-cookie-jar") })
        #expect(dropped.contains { $0.place == "line 9" && $0.message.contains("client.test") }, "the handler's text is kept in the note")
        #expect(dropped.contains { $0.place == "line 15" && $0.message.contains("2024-01-01T000000.200.json") })
        #expect(imported.report.notes(.approximated).contains { $0.message.contains("$random.alphabetic(4)") })
    }

    @Test(arguments: [
        ("GET https://a.example\nAccept application/json\n", "line 2, column 1"),
        ("GET https://a.example HTTP/1.1 extra\n", "line 1, column 1"),
        ("POST https://a.example HTTP/1.1\n\n{}\n###\nget a b\n", "line 5, column 1"),
        ("@ = 3\nGET https://a.example\n", "line 1, column 2"),
        // Found by fuzzing: a version word on a later line was looked up in the rewritten line (a crash).
        ("@h = x\nGET {{h}}/a version\n", "line 2, column 13"),
        ("# c\n\nGET {{$uuid}} 1.1\n", "line 3, column 15"),
    ])
    func malformedLinesAreProblemsAtTheirPlace(text: String, place: String) {
        #expect(throws: ImportProblem.self) { try HTTPFileImporter().importCollection(text, source: "bad.http", directory: "/nonexistent") }
        do {
            _ = try HTTPFileImporter().importCollection(text, source: "bad.http", directory: "/nonexistent")
        } catch {
            #expect(error.place == place, "\(error)")
        }
    }

    @Test func filesAreRecognisedByTheirNameOrTheirSeparators() {
        #expect(ImportFormat.detect("GET https://a.example\n", path: "api.rest") == .http)
        #expect(ImportFormat.detect("GET https://a.example\n", path: "api.HTTP") == .http)
        #expect(ImportFormat.detect("### one\nGET https://a.example\n") == .http)
        #expect(ImportFormat.detect("GET https://a.example\n") == nil)
    }
}
