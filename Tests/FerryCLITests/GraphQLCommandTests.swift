import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// GraphQL from the command line: `ferry send --graphql…` and `ferry graphql schema` against the demo
/// server's `/graphql` (GraphQLSwift) and against graphql-core (PyPI), a server nobody here wrote.
@Suite struct GraphQLCommandTests {
    private static let bookQuery = "query Book($id: ID!) { book(id: $id) { title author } }"

    @Test func aQueryWithVariablesIsSentAsJSONAndAnswered() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run([
                "send", "\(server.baseURL)/graphql", "--graphql", Self.bookQuery,
                "--graphql-variables", #"{"id": "2"}"#, "--graphql-operation", "Book", "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let request = try #require(document["request"] as? [String: Any])
            #expect(request["requestLine"] as? String == "POST /graphql HTTP/1.1")
            let body = try #require((document["response"] as? [String: Any])?["body"] as? [String: Any])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data((body["text"] as? String ?? "").utf8)) as? [String: Any])
            let book = (answer["data"] as? [String: Any])?["book"] as? [String: Any]
            #expect(book?["title"] as? String == "Kindred")
            #expect(book?["author"] as? String == "Octavia E. Butler")
        }
    }

    @Test func aMutationWithArgumentsRuns() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run([
                "send", "\(server.baseURL)/graphql", "--graphql",
                #"mutation { addBook(title: "Piranesi", author: "Susanna Clarke", year: 2020) { id title year } }"#,
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let answer = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let added = (answer["data"] as? [String: Any])?["addBook"] as? [String: Any]
            #expect(added?["title"] as? String == "Piranesi")
            #expect(added?["year"] as? Int == 2020)
        }
    }

    @Test func errorsInA200AnswerJoinTheChainAndExit3() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/graphql", "--graphql", #"{ book(id: "9") { title } }"#])
            #expect(outcome.status == 3, "\(outcome.stderr)")
            #expect(
                outcome.text.contains(#""book":null"#) || outcome.text.contains(#""book" : null"#), "the answer is printed: \(outcome.text)"
            )
            #expect(outcome.stderr.contains("validation: the GraphQL response holds an error"))
            #expect(outcome.stderr.contains("error 1: no book with id 9 (path book; at 1:3)"), "\(outcome.stderr)")

            let json = await FerryBinary.run(["send", "\(server.baseURL)/graphql", "--graphql", #"{ book(id: "9") { title } }"#, "--json"])
            #expect(json.status == 3)
            let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            let chain = try #require((document["error"] as? [String: Any])?["chain"] as? [[String: Any]])
            #expect(chain.first?["reason"] as? String == "graphQLErrors")
            #expect(document["exitCode"] as? Int == 3)

            let fine = await FerryBinary.run(["send", "\(server.baseURL)/graphql", "--graphql", "{ hello }"])
            #expect(fine.status == 0, "an answer without errors passes: \(fine.stderr)")
        }
    }

    @Test func getModeSendsTheQueryInTheURL() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run([
                "send", "\(server.baseURL)/graphql", "--graphql-get", "--graphql", "query Hi($n: String) { hello(name: $n) }",
                "--graphql-variables", #"{"n": "ferry"}"#, "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            let line = try #require((document["request"] as? [String: Any])?["requestLine"] as? String)
            #expect(line.hasPrefix("GET /graphql?query=query%20Hi"), "\(line)")
            #expect(line.contains("&variables=%7B%22n%22%3A%22ferry%22%7D"), "\(line)")
            let body = try #require((document["response"] as? [String: Any])?["body"] as? [String: Any])
            #expect((body["text"] as? String)?.contains("Hello, ferry!") == true)
        }
    }

    @Test func aSyntaxErrorIsReportedWithItsPlaceAndNothingIsSent() async throws {
        let outcome = await FerryBinary.run(["send", "http://127.0.0.1:9/graphql", "--graphql", "{\n  book(id: 1) {\n    title\n  \n"])
        #expect(outcome.status == 1, "a usage error, not a transport one (nothing listens on port 9): \(outcome.stderr)")
        #expect(
            outcome.stderr.contains("the GraphQL query is not valid at line 5, column 1: Expected Name, found <EOF>; nothing was sent"),
            "\(outcome.stderr)")
        let variables = await FerryBinary.run([
            "send", "http://127.0.0.1:9/graphql", "--graphql", "{ hello }", "--graphql-variables", #"{"id": }"#,
        ])
        #expect(variables.status == 1)
        #expect(variables.stderr.contains("the GraphQL variables are not valid JSON at line 1, column 8"), "\(variables.stderr)")
        let alone = await FerryBinary.run(["send", "http://127.0.0.1:9/graphql", "--graphql-variables", "{}"])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("need a GraphQL query"), "\(alone.stderr)")
    }

    @Test func aRequestFileHoldsTheQueryAndItsTemplatedVariables() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(
            "book.ferry.yaml",
            Data(
                """
                url: "{{base}}/graphql"
                body:
                  graphql:
                    query: |
                      query ($id: ID!) {
                        book(id: $id) { title }
                      }
                    variables:
                      id: "{{id}}"

                """.utf8))
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", file, "--var", "base=\(server.baseURL)", "--var", "id=3"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.text.contains("Dune"), "\(outcome.text)")
            let overridden = await FerryBinary.run([
                "send", file, "--var", "base=\(server.baseURL)", "--graphql-variables", #"{"id": "1"}"#,
            ])
            #expect(
                overridden.text.contains("The Left Hand of Darkness"),
                "--graphql-variables replaces the file's: \(overridden.text) \(overridden.stderr)")
            let dry = await FerryBinary.run(["send", file, "--var", "base=\(server.baseURL)", "--var", "id=3", "--dry-run"])
            #expect(dry.text.hasPrefix("POST \(server.baseURL)/graphql"), "\(dry.text)")
        }
    }

    @Test func theSchemaIsFetchedByIntrospectionPrintedAsSDLAndCached() async throws {
        let home = try TemporaryDirectory()
        let environment = ProcessInfo.processInfo.environment.merging([
            "XDG_CACHE_HOME": home.file("cache"), "XDG_DATA_HOME": home.file("data"),
        ]) { $1 }
        let url = try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["graphql", "schema", "\(server.baseURL)/graphql"], environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.text.contains("type Query {\n  book(id: ID!): Book\n"), "\(outcome.text)")
            #expect(outcome.text.contains("  hello(name: String = \"world\"): String!\n}"))
            #expect(
                outcome.text.contains(
                    "type Mutation {\n  \"\"\"Returns the book as it would be added (the demo keeps nothing).\"\"\"\n  addBook(title: String!, author: String!, year: Int): Book!"
                ))
            #expect(!outcome.text.contains("__Type"), "introspection types are left out")
            return "\(server.baseURL)/graphql"
        }
        let folder = home.file("cache/ferry/graphql")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: (folder as NSString).appendingPathComponent(files[0]))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)

        // The server is gone: the schema comes from the cache, and --refresh asks the server again.
        let cached = await FerryBinary.run(["graphql", "schema", url, "--json"], environment: environment)
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(cached.stderr.contains("as cached"))
        #expect((try JSONSerialization.jsonObject(with: cached.stdout) as? [String: Any])?["data"] != nil)
        let refreshed = await FerryBinary.run(["graphql", "schema", url, "--refresh"], environment: environment)
        #expect(refreshed.status == 2, "the refresh meets the closed port: \(refreshed.stderr)")
    }

    @Test func notASchemaIsRejected() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["graphql", "schema", "\(server.baseURL)/anything", "--refresh"])
            #expect(outcome.status == 3, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("no data.__schema.types"), "\(outcome.stderr)")
        }
    }

    /// graphql-core (the Python port of the reference implementation) behind http.server: a query
    /// with variables, its `errors`, and its introspection read into SDL.
    @Test func graphqlCoreAnswersAQueryAndItsSchema() async throws {
        let folder = try TemporaryDirectory()
        let portFile = folder.file("port")
        let server = Task {
            await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.graphqlCoreServer, portFile, "4"], timeout: 180)
        }
        let port = try await Self.waitForFile(portFile)
        let environment = ProcessInfo.processInfo.environment.merging([
            "XDG_CACHE_HOME": folder.file("cache"), "XDG_DATA_HOME": folder.file("data"),
        ]) { $1 }
        let url = "http://127.0.0.1:\(port)/graphql"
        let query = await FerryBinary.run(
            ["send", url, "--graphql", "query Greet($who: String!) { greet(who: $who) }", "--graphql-variables", #"{"who": "Ada"}"#],
            environment: environment)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.text.contains("Hello, Ada"), "\(query.text)")
        let failing = await FerryBinary.run(["send", url, "--graphql", "{ fail }"], environment: environment)
        #expect(failing.status == 3, "\(failing.stderr)")
        #expect(failing.stderr.contains("error 1: it failed (path fail; at 1:3)"), "\(failing.stderr)")
        let schema = await FerryBinary.run(["graphql", "schema", url], environment: environment)
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.text.contains("type Query {\n  greet(who: String!): String\n  fail: String\n}"), "\(schema.text)")
        let get = await FerryBinary.run(["send", url, "--graphql-get", "--graphql", "{ greet(who: \"GET\") }"], environment: environment)
        #expect(get.text.contains("Hello, GET"), "\(get.text) \(get.stderr)")
        let finished = await server.value
        #expect(finished.status == 0, "the server handled its four requests and ended: \(finished.stderr)")
    }

    private static func waitForFile(_ path: String, timeout: Duration = .seconds(90)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("\(path) was not written in time")
        throw CancellationError()
    }

    /// A GraphQL-over-HTTP server on graphql-core: POST JSON or GET query string; serves argv[2] requests, then ends.
    private static let graphqlCoreServer = #"""
        import json, sys, urllib.parse
        from http.server import BaseHTTPRequestHandler, HTTPServer
        from graphql import build_schema, graphql_sync

        schema = build_schema("type Query { greet(who: String!): String  fail: String }")
        def fail(_info):
            raise Exception("it failed")
        root = {"greet": lambda _info, who: "Hello, " + who, "fail": fail}

        class Handler(BaseHTTPRequestHandler):
            def answer(self, payload):
                result = graphql_sync(schema, payload.get("query"), root_value=root,
                                      variable_values=payload.get("variables"), operation_name=payload.get("operationName"))
                body = {"data": result.data}
                if result.errors:
                    body["errors"] = [error.formatted for error in result.errors]
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def do_POST(self):
                self.answer(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            def do_GET(self):
                query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
                if "variables" in query:
                    query["variables"] = json.loads(query["variables"])
                self.answer(query)
            def log_message(self, *args):
                pass

        server = HTTPServer(("127.0.0.1", 0), Handler)
        with open(sys.argv[1], "w") as port:
            port.write(f"{server.server_port}\n")
        for _ in range(int(sys.argv[2])):
            server.handle_request()
        """#
}
