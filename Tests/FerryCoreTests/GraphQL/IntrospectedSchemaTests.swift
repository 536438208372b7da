import FerryCore
import Foundation
import Testing

/// The schema read from an introspection result made by graphql-core (PyPI; the Python port of the
/// reference implementation), printed as SDL and compared with graphql-core's own printer, and
/// asked for the fields valid at a cursor.
@Suite struct IntrospectedSchemaTests {
    static let sdl = """
        type Query {
          hero(episode: Episode = JEDI): Character
          human(id: ID!): Human
          search(text: String!): [SearchResult!]!
        }

        type Mutation {
          review(episode: Episode!, stars: Int!): Review
        }

        interface Character {
          id: ID!
          name: String!
          friends: [Character]
        }

        type Human implements Character {
          id: ID!
          name: String!
          friends: [Character]
          homePlanet: String
          starships: [Starship!]
        }

        type Starship {
          id: ID!
          name: String!
          length(unit: LengthUnit = METER): Float
        }

        type Review {
          stars: Int!
          commentary: String
        }

        enum Episode {
          NEWHOPE
          EMPIRE
          JEDI
        }

        enum LengthUnit {
          METER
          FOOT
        }

        union SearchResult = Human | Starship

        input ReviewInput {
          stars: Int!
          commentary: String = "none"
        }

        scalar Date
        """

    /// graphql-core's introspection result for `sdl`, and its own printing of the schema.
    static func fromGraphQLCore() throws -> (json: Data, printed: String) {
        let script = """
            import json, sys
            from graphql import build_schema, graphql_sync, get_introspection_query, print_schema
            schema = build_schema(sys.argv[1])
            result = graphql_sync(schema, get_introspection_query())
            assert not result.errors, result.errors
            print(json.dumps({"data": result.data}))
            print(print_schema(schema))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, sdl]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with graphql-core (scripts/install-deps installs it)")
        let text = String(decoding: output, as: UTF8.self)
        let newline = try #require(text.firstIndex(of: "\n"))
        return (Data(text[..<newline].utf8), String(text[text.index(after: newline)...]))
    }

    @Test func theSDLIsGraphQLCoresOwn() throws {
        let (json, printed) = try Self.fromGraphQLCore()
        let schema = try IntrospectedSchema(introspection: json)
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Mutation")
        #expect(schema.sdl == printed, "\(schema.sdl)")
    }

    @Test func fieldsAreOfferedForTheSelectionSetAtTheCursor() throws {
        let schema = try IntrospectedSchema(introspection: try Self.fromGraphQLCore().json)
        func offered(_ text: String) -> [String] { schema.completions(at: GraphQLCursorScope(before: text)).map(\.name) }
        #expect(offered("{ ") == ["hero", "human", "search"])
        #expect(offered("query Q($id: ID!) { human(id: $id) { ") == ["id", "name", "friends", "homePlanet", "starships"])
        #expect(offered("{ human(id: \"{ not a brace }\") { starships { le") == ["length"], "strings and arguments hold no selections")
        #expect(offered("{ me: hero(episode: EMPIRE) @include(if: true) { friends { na") == ["name"], "an alias and a directive")
        #expect(offered("{ hero { ... on Human { home") == ["homePlanet"], "an inline fragment's type")
        #expect(offered("mutation { review(episode: JEDI, stars: 5) { ") == ["stars", "commentary"])
        #expect(offered("fragment F on Starship {\n  # a { comment\n  n") == ["name"])
        #expect(offered("{ human(id: 1) { name } hu") == ["human"], "back at the root after a closed selection")
        #expect(offered("{ nothing { ") == [], "a field the schema does not have")
        #expect(offered("") == [], "outside any selection set")
        #expect(offered("{ human(id: 1) { name") == [], "a name typed in full is not offered again")
    }

    @Test func aNonSchemaIsRejected() {
        #expect(throws: FerryError.self) { _ = try IntrospectedSchema(introspection: Data(#"{"data": {"hello": "world"}}"#.utf8)) }
        #expect(throws: FerryError.self) { _ = try IntrospectedSchema(introspection: Data("<html>".utf8)) }
    }
}
