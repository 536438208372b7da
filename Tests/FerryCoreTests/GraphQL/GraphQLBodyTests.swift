import FerryCore
import Foundation
import Testing

/// A GraphQL body resolved by the one builder: a JSON POST, or a GET with the query string; the
/// query checked by the GraphQL parser first; `{{variables}}` filled in the variables, escaped as JSON.
@Suite struct GraphQLBodyTests {
    private func resolved(_ body: GraphQLBody, method: HTTPMethod = .get, variables: [Variable] = []) throws -> Request {
        var description = RequestDescription(method: method, url: "http://example.test/graphql?key=1")
        description.body = .graphql(body)
        return try description.resolved(with: VariableResolver(variables), directory: "/").request
    }

    private func text(_ body: RequestBody) -> String? {
        guard case .bytes(let data) = body else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aPostCarriesQueryOperationAndVariablesAsJSON() throws {
        let body = GraphQLBody(
            query: "query Q($n: String) { hello(name: $n) }", variables: #"{"n": "{{name}}", "limit": 2}"#, operationName: "Q")
        let request = try resolved(body, variables: [Variable(name: "name", value: #"Ann "the" \ Coder"#)])
        #expect(request.method == .post, "a GraphQL body is POSTed whatever the description's method")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.url.absoluteString == "http://example.test/graphql?key=1")
        #expect(
            text(request.body)
                == #"{"query":"query Q($n: String) { hello(name: $n) }","operationName":"Q","variables":{"n":"Ann \"the\" \\ Coder","limit":2}}"#
        )
    }

    @Test func blankVariablesAndOperationAreLeftOut() throws {
        let request = try resolved(GraphQLBody(query: "{ a }", variables: "  \n", operationName: ""))
        #expect(text(request.body) == #"{"query":"{ a }"}"#)
    }

    @Test func getPutsTheFieldsInTheQueryString() throws {
        let request = try resolved(
            GraphQLBody(query: "{ a(x: 1) }", variables: #"{"v": [1, 2]}"#, operationName: "Op", usesGET: true), method: .post)
        #expect(request.method == .get)
        guard case .none = request.body else { Issue.record("a GET has no body, got \(request.body)"); return }
        #expect(request.headers["Content-Type"] == nil)
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items == ["key": "1", "query": "{ a(x: 1) }", "operationName": "Op", "variables": #"{"v":[1,2]}"#])
        #expect(request.graphQLEndpoint == "http://example.test/graphql", "the schema's key leaves the query string out")
    }

    @Test func aSyntaxErrorNamesLineAndColumnAndNothingIsBuilt() {
        #expect {
            _ = try resolved(GraphQLBody(query: "query {\n  user(id: 1) {\n    name\n  }\n"))
        } throws: { error in
            guard case FerryError.requestSerializationFailed(.invalidGraphQL(let message, let line, let column)) = error else {
                return false
            }
            return line == 5 && column == 1 && message == "Expected Name, found <EOF>"
        }
        #expect(throws: FerryError.self) { _ = try resolved(GraphQLBody(query: "{ a(x: ) }")) }
        #expect(throws: FerryError.self) { _ = try resolved(GraphQLBody(query: "")) }
    }

    /// As Postman does: `{{variables}}` in the query are filled in before the query is checked.
    @Test func variablesInTheQueryAreFilledInBeforeItIsChecked() throws {
        let request = try resolved(
            GraphQLBody(query: "{ user(id: {{id}}) { {{field}} } }"),
            variables: [Variable(name: "id", value: "7"), Variable(name: "field", value: "name")])
        #expect(text(request.body) == #"{"query":"{ user(id: 7) { name } }"}"#)
        #expect(throws: FerryError.self) { _ = try resolved(GraphQLBody(query: "{ user(id: {{id}}) }")) }
    }

    @Test func variablesMustBeAJSONObject() {
        for (variables, problem) in [
            ("[1]", "the GraphQL variables are not a JSON object"),
            (#"{"a": }"#, "the GraphQL variables are not valid JSON at line 1, column 7"),
        ] {
            #expect {
                _ = try resolved(GraphQLBody(query: "{ a }", variables: variables))
            } throws: { error in
                guard case FerryError.requestSerializationFailed(.invalidParameters(let said)) = error else { return false }
                return said.hasPrefix(problem)
            }
        }
    }

    @Test func responseErrorsAreReadWithTheirPathAndLocations() {
        let body = Data(
            #"{"data": {"a": null}, "errors": [{"message": "boom", "path": ["a", 0, "b"], "locations": [{"line": 2, "column": 3}]}, {"message": "two"}]}"#
                .utf8)
        let errors = GraphQLResponseError.errors(in: body)
        #expect(errors.map(\.summary) == ["boom (path a[0].b; at 2:3)", "two"])
        #expect(GraphQLResponseError.errors(in: Data(#"{"data": {"a": 1}}"#.utf8)).isEmpty)
        #expect(GraphQLResponseError.errors(in: Data("not json".utf8)).isEmpty)
    }
}
