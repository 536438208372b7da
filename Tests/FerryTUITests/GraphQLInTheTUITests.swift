import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// A GraphQL body in the TUI: query and variables side by side, the schema fetched by `S` (shown in
/// the Tree tab, cached), field completion at the cursor, and `errors` in the Errors tab.
@Suite struct GraphQLInTheTUITests {
    @Test func theEditorHoldsAGraphQLBodyAndWritesBackOnlyWhatChanged() throws {
        var description = RequestDescription(method: .post, url: "http://h/graphql")
        description.body = .graphql(GraphQLBody(query: "{ a }", variables: #"{"x": 1}"#, operationName: "Op", usesGET: true))
        var editor = RequestEditor(loading: RequestSource(title: "g", description: description, root: "/"))
        #expect(try editor.description() == description)
        #expect(editor.body.text == "{ a }")
        #expect(editor.graphQL?.variables.text == #"{"x": 1}"#)
        editor.graphQL?.variables = TextArea(#"{"x": 2}"#)
        #expect(editor.hasEdits)
        #expect(
            try editor.description().body
                == .graphql(GraphQLBody(query: "{ a }", variables: #"{"x": 2}"#, operationName: "Op", usesGET: true)))
        editor.graphQL = nil
        #expect(try editor.description().body == .raw("{ a }", contentType: nil), "switched off, the query stays as text")
    }

    @Test func keysSwitchTheBodyAndTypeIntoQueryOrVariables() {
        var state = AppState(width: 100, height: 30)
        state.focus = .request
        state.requestTab = .body
        _ = state.update(.key(.character("Q")))
        #expect(state.editor.graphQL != nil)
        #expect(state.editor.method == .post)
        _ = state.update(.key(.enter))
        _ = state.update(.paste("{ hello }"))
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("v")))
        _ = state.update(.paste(#"{"n": 1}"#))
        _ = state.update(.key(.escape))
        #expect(state.editor.body.text == "{ hello }")
        #expect(state.editor.graphQL?.variables.text == #"{"n": 1}"#)
        _ = state.update(.key(.character("Q")))
        #expect(state.editor.graphQL == nil)
    }

    @Test func aSchemaIsKeptOnlyForTheEditorsEndpoint() throws {
        var state = AppState(width: 100, height: 30)
        state.editor.url = TextField("http://h/graphql")
        state.focus = .request
        state.requestTab = .body
        _ = state.update(.key(.character("Q")))
        state.editor.body = TextArea("{ a }")
        let schema = try IntrospectedSchema(introspection: Data(#"{"data": {"__schema": {"queryType": {"name": "Q"}, "types": []}}}"#.utf8))
        _ = state.update(.graphQLSchemaLoaded(endpoint: "http://other/graphql", schema))
        #expect(state.editor.graphQL?.schema == nil, "an answer for a request no longer in the editor")
        _ = state.update(.graphQLSchemaLoaded(endpoint: "http://h/graphql", schema))
        #expect(state.editor.graphQL?.schema == schema)
    }

    @Test func schemaCompletionAndErrorsAgainstTheDemoEndpoint() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 120, height: 40)
            defer { tui.hangUp() }
            try await Self.openGraphQLBody(tui, url: "\(server.baseURL)/graphql")

            tui.press(.character("S"))
            var screen = try await tui.waitForScreen { $0.text.contains("GraphQL schema of \(server.baseURL)/graphql: 3 types") }
            #expect(screen.text.contains("__schema"), "the introspection answer is in the Tree tab: \(screen.text)")
            let cache = home.file(".cache/ferry/graphql")
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1, "the schema is cached")

            tui.press(.enter)
            tui.type("query B($id: ID!) { book(id: $id) { ti")
            screen = try await tui.waitForScreen { $0.text.contains("{ book(id: $id) { ti ") && $0.text.contains(" title: String! ") }
            #expect(!screen.text.contains(" author: String! "), "only fields that start with what is typed")
            tui.press(.control("n"))
            tui.type(" year } }")
            tui.press(.escape)
            tui.press(.character("v"))
            tui.type(#"{"id": "3"}"#)
            tui.press(.escape)
            screen = try await tui.waitForScreen { $0.text.contains("query B($id: ID!) { book(id: $id) { title year } }") }
            tui.press(.control("r"))
            screen = try await tui.waitForScreen { $0.text.contains("title: Dune") }
            #expect(screen.text.contains("year: 1965"))

            tui.press(.character("3"))
            tui.press(.character("v"))
            tui.press(.backspace, .backspace, .backspace)
            tui.type(#"9"}"#)
            tui.press(.escape)
            tui.press(.control("r"))
            try await tui.waitForScreen { $0.text.contains("no book with id 9") }
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func ctrlNReadsTheSchemaAnEarlierSessionCached() async throws {
        let home = try TemporaryDirectory()
        let url = try await withDemoServer { server in
            let first = InProcessTUI(home: home, width: 120, height: 40)
            defer { first.hangUp() }
            try await Self.openGraphQLBody(first, url: "\(server.baseURL)/graphql")
            first.press(.character("S"))
            try await first.waitForScreen { $0.text.contains("GraphQL schema of \(server.baseURL)/graphql: 3 types") }
            #expect(try await first.quit() == 0)
            return "\(server.baseURL)/graphql"
        }
        // The server is gone: the schema can only come from the cache.
        let tui = InProcessTUI(home: home, width: 120, height: 40)
        defer { tui.hangUp() }
        try await Self.openGraphQLBody(tui, url: url)
        tui.press(.enter)
        tui.type("{ he")
        tui.press(.control("n"))
        try await tui.waitForScreen { $0.text.contains("GraphQL schema of \(url): 3 types") }
        try await tui.waitForScreen { $0.text.contains("{ he ") && $0.text.contains(" hello: String! ") }
        tui.press(.control("n"))
        try await tui.waitForScreen { $0.text.contains("{ hello") && !$0.text.contains(" hello: String! ") }
        #expect(try await tui.quit() == 0)
    }

    /// `O` names the operation and `U` sends the query as a GET: the demo endpoint runs the named
    /// operation of two (so it received the name) from the URL's query (the request line as sent),
    /// and Ctrl-S writes both into the request file.
    @Test func theOperationNameAndGETReachTheEndpointAndTheFile() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let collection = try TemporaryDirectory()
            let tui = InProcessTUI(home: home, width: 120, height: 40, collection: collection.path)
            defer { tui.hangUp() }
            try await Self.openGraphQLBody(tui, url: "\(server.baseURL)/graphql")
            tui.press(.enter)
            tui.type(#"query A { hello(name: "a") } query B { hello(name: "b") }"#)
            tui.press(.escape)
            tui.press(.character("O"))
            try await tui.waitForScreen { $0.text.contains(" operation: ") }
            tui.type("B")
            tui.press(.enter)
            tui.press(.character("U"))
            var screen = try await tui.waitForScreen { $0.text.contains("operation B (O) · sent as GET (U)") }
            #expect(screen.text.contains(" GET ▾"), "\(screen.text)")
            tui.press(.control("r"))
            screen = try await tui.waitForScreen { $0.text.contains("Hello, b!") }
            #expect(!screen.text.contains("Hello, a!"))
            // The Headers tab's request as sent: a GET carrying the operation's name.
            tui.press(.character("4"), .character("l"), .character("l"), .character("l"))
            screen = try await tui.waitForScreen { $0.text.contains("Request as sent") }
            #expect(screen.text.contains("GET /graphql?query="), "\(screen.text)")
            // The whole request line as it went on the wire, from the history's file (written by the
            // history's own queue, so it is waited for).
            let history = home.file("data/ferry/history.sqlite")
            let line = try await Deadline.within(30, "the exchange in the history") {
                while true {
                    if let line = try HistoryStore(path: history).entries(HistoryQuery()).first?.requestLine { return line }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            #expect(line.hasPrefix("GET /graphql?") && line.contains("operationName=B"), "\(line)")

            tui.press(.control("s"))
            try await tui.waitForScreen { $0.text.contains("save as") }
            tui.press(.control("u"))
            tui.type("hello.ferry.yaml")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("saved hello.ferry.yaml") }
            let file = try String(contentsOfFile: collection.file("hello.ferry.yaml"), encoding: .utf8)
            #expect(file.contains("operationName: B"), "\(file)")
            #expect(file.contains("get: true"), "\(file)")
            #expect(try await tui.quit() == 0)
        }
    }

    /// Types `url`, goes to the Body tab and makes the body a GraphQL one.
    private static func openGraphQLBody(_ tui: InProcessTUI, url: String) async throws {
        try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
        tui.type(url)
        tui.press(.tab)
        tui.press(.character("l"))
        tui.press(.character("Q"))
        try await tui.waitForScreen { $0.text.contains(" Query  Enter edits") && $0.text.contains(" Variables  v edits") }
    }
}
