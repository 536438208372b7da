import Foundation

/// The wire form of a GraphQL body: the query's `{{variables}}` filled in and the query checked by
/// the GraphQL parser (a syntax error throws with its line and column, and nothing is sent), the
/// variables' `{{variables}}` filled in and their JSON checked, then the JSON payload or the query string.
extension GraphQLBody {
    /// The method a GraphQL body is sent with, whatever the description's method says.
    public var method: HTTPMethod { usesGET ? .get : .post }

    /// `{"query", "operationName"?, "variables"?}` as parameters, `variables` as an object.
    public func payload(with resolver: VariableResolver) throws -> Parameters {
        // `{{variables}}` in the query are filled in first (Postman does), then the query is checked.
        let query = self.query.contains("{{") ? try resolver.render(self.query, place: "GraphQL query") : self.query
        try GraphQLSyntax.check(query)
        var members: [(key: String, value: Parameters)] = [("query", .string(query))]
        if let name = operationName?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            members.append(("operationName", .string(try resolver.render(name, place: "GraphQL operation name"))))
        }
        if let variables = try resolvedVariables(with: resolver) { members.append(("variables", variables)) }
        return .object(members)
    }

    /// The JSON request body.
    public func jsonBody(with resolver: VariableResolver) throws -> Data {
        try JSONRequestSerializer().serialize(try payload(with: resolver))
    }

    /// The query string of the `GET` form: `query`, `operationName` and `variables` (compact JSON).
    public func queryString(with resolver: VariableResolver) throws -> String {
        guard case .object(let members) = try payload(with: resolver) else { return "" }
        let fields: [(key: String, value: Parameters)] = try members.map { member in
            guard case .object = member.value else { return member }
            return (member.key, .string(String(decoding: try JSONRequestSerializer().serialize(member.value), as: UTF8.self)))
        }
        return try QueryStringEncoder(keepsKeyOrder: true).encode(.object(fields))
    }

    private func resolvedVariables(with resolver: VariableResolver) throws -> Parameters? {
        guard let variables, !variables.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let text = try resolver.render(variables, place: "GraphQL variables", escaping: .json)
        do {
            return try Parameters(json: text)
        } catch FerryError.requestSerializationFailed(.invalidParameters(let problem)) {
            throw FerryError.requestSerializationFailed(
                reason: .invalidParameters(
                    problem: "the GraphQL variables are \(problem.hasPrefix("the JSON") ? "not a JSON object" : problem)"))
        }
    }
}
