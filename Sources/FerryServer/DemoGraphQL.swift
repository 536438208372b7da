import Foundation
import GraphQL

/// The demo server's `/graphql` endpoint (GraphQL over HTTP): a small bookshelf executed by
/// GraphQLSwift — a query with arguments, a mutation, a field that always fails (an `errors` entry
/// in a 200 answer), and introspection. `POST` takes `{"query", "variables", "operationName"}`;
/// `GET` takes the same three in the query string.
enum DemoGraphQL {
    /// The books every query starts from; the demo server keeps nothing a mutation adds.
    static let books: [[String: any Sendable]] = [
        ["id": "1", "title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin", "year": 1969],
        ["id": "2", "title": "Kindred", "author": "Octavia E. Butler", "year": 1979],
        ["id": "3", "title": "Dune", "author": "Frank Herbert", "year": 1965],
    ]

    /// The schema, built once; nil only if GraphQLSwift rejects it (a programming error, shown as a 500).
    static let schema: GraphQLSchema? = try? makeSchema()

    /// The reply to a GraphQL request: 200 with `data` and `errors` as executed (later, off the
    /// event loop), or 400 when the request carries no query or its variables are not a JSON object.
    static func reply(for request: DemoRequest) -> DemoReply {
        let fields: (query: String?, variables: String?, operationName: String?)
        if request.head.method == .GET {
            fields = (request.queryValue("query"), request.queryValue("variables"), request.queryValue("operationName"))
        } else {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
                return problem("the body must be a JSON object {\"query\", \"variables\", \"operationName\"}")
            }
            let variables = object["variables"].flatMap { $0 is NSNull ? nil : try? JSONSerialization.data(withJSONObject: $0) }
            fields = (object["query"] as? String, variables.map { String(decoding: $0, as: UTF8.self) }, object["operationName"] as? String)
        }
        guard let query = fields.query else { return problem("a GraphQL request needs a query") }
        var variables: [String: Map] = [:]
        if let text = fields.variables, !text.isEmpty {
            guard let decoded = try? JSONDecoder().decode([String: Map].self, from: Data(text.utf8)) else {
                return problem("the variables must be a JSON object")
            }
            variables = decoded
        }
        let (operationName, values) = (fields.operationName, variables)
        return DemoReply(status: .ok, headers: [:], body: .later { await execute(query, variables: values, operationName: operationName) })
    }

    private static func execute(_ query: String, variables: [String: Map], operationName: String?) async -> DemoReply {
        guard let schema else { return .text("the demo GraphQL schema is invalid\n", status: .internalServerError) }
        let result: GraphQLResult
        do {
            result = try await graphql(schema: schema, request: query, variableValues: variables, operationName: operationName)
        } catch let error as GraphQLError {
            result = GraphQLResult(errors: [error])
        } catch {
            result = GraphQLResult(errors: [GraphQLError(error)])
        }
        let body = (try? GraphQLJSONEncoder().encode(result)) ?? Data(#"{"errors":[{"message":"the result could not be encoded"}]}"#.utf8)
        return .data(Array(body), type: "application/graphql-response+json; charset=utf-8")
    }

    /// The error case: thrown by a resolver, it reaches the answer's `errors` with its path and location.
    struct NoSuchBook: Error, CustomStringConvertible {
        var id: String
        var description: String { "no book with id \(id)" }
    }

    private static func problem(_ message: String) -> DemoReply {
        let body = (try? JSONSerialization.data(withJSONObject: ["errors": [["message": message]]])) ?? Data()
        return .data(Array(body), type: "application/graphql-response+json; charset=utf-8", status: .badRequest)
    }

    private static func makeSchema() throws -> GraphQLSchema {
        let book = try GraphQLObjectType(
            name: "Book", description: "A book on the demo shelf.",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
                "title": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "author": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "year": GraphQLField(type: GraphQLInt, description: "The year it was first published."),
            ])
        let query = try GraphQLObjectType(
            name: "Query",
            fields: [
                "hello": GraphQLField(
                    type: GraphQLNonNull(GraphQLString),
                    args: ["name": GraphQLArgument(type: GraphQLString, defaultValue: .string("world"))]
                ) { _, args, _, _ in
                    "Hello, \(args["name"].string ?? "world")!"
                },
                "books": GraphQLField(
                    type: GraphQLNonNull(GraphQLList(GraphQLNonNull(book))), description: "The books, by an author when one is named.",
                    args: ["author": GraphQLArgument(type: GraphQLString)]
                ) { _, args, _, _ in
                    guard let author = args["author"].string else { return books }
                    return books.filter { ($0["author"] as? String)?.localizedCaseInsensitiveContains(author) == true }
                },
                "book": GraphQLField(type: book, args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))]) { _, args, _, _ in
                    let id = args["id"].string ?? ""
                    guard let found = books.first(where: { $0["id"] as? String == id }) else { throw NoSuchBook(id: id) }
                    return found
                },
            ])
        let mutation = try GraphQLObjectType(
            name: "Mutation",
            fields: [
                "addBook": GraphQLField(
                    type: GraphQLNonNull(book), description: "Returns the book as it would be added (the demo keeps nothing).",
                    args: [
                        "title": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                        "author": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                        "year": GraphQLArgument(type: GraphQLInt),
                    ]
                ) { _, args, _, _ in
                    var added: [String: any Sendable] = [
                        "id": "\(books.count + 1)", "title": args["title"].string ?? "", "author": args["author"].string ?? "",
                    ]
                    if let year = args["year"].int { added["year"] = year }
                    return added
                }
            ])
        return try GraphQLSchema(query: query, mutation: mutation)
    }
}
