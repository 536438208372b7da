import FerryCore
import Foundation

/// `--graphql`, `--graphql-variables`, `--graphql-operation` and `--graphql-get`: a GraphQL body of
/// their own, or changes to a request file's GraphQL body.
extension SendOptions {
    var hasGraphQL: Bool { graphQLQuery != nil || graphQLVariables != nil || graphQLOperation != nil || graphQLGET }

    /// Lays the GraphQL flags over `description`: `--graphql` makes the body a GraphQL one (keeping
    /// the file's variables and operation unless given), the others change a GraphQL body.
    func applyGraphQL(to description: inout RequestDescription) throws {
        guard hasGraphQL else { return }
        guard !hasRawBody, formParts.isEmpty else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--graphql", problem: "cannot be combined with -d, --data-binary or -F"))
        }
        var body = description.graphQL ?? GraphQLBody(query: "")
        if let graphQLQuery { body.query = try Self.text(graphQLQuery, flag: "--graphql") }
        guard graphQLQuery != nil || description.graphQL != nil else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(
                    name: "--graphql-variables/--graphql-operation/--graphql-get",
                    problem: "need a GraphQL query (--graphql QUERY, or a request file with a graphql body)"))
        }
        if let graphQLVariables { body.variables = try Self.text(graphQLVariables, flag: "--graphql-variables") }
        if let graphQLOperation { body.operationName = graphQLOperation }
        if graphQLGET { body.usesGET = true }
        description.body = .graphql(body)
        description.method = body.method
    }

    /// The flag's text, or the UTF-8 text of the file it names with `@`.
    private static func text(_ value: String, flag: String) throws -> String {
        guard value.hasPrefix("@") else { return value }
        let path = String(value.dropFirst())
        guard let text = String(data: try readFile(path), encoding: .utf8) else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: flag, problem: "\(path) is not UTF-8 text"))
        }
        return text
    }
}
