/// A GraphQL request body (`body: graphql:` in a request file, `--graphql` on the command line):
/// the query document, its variables as JSON text, and the operation to run. It is sent as a JSON
/// `POST` (`{"query", "variables", "operationName"}`), or as a `GET` with those three in the query
/// string; `RequestDescription.resolved` builds either.
public struct GraphQLBody: Sendable, Equatable {
    /// The GraphQL document, sent as written (it is parsed before it is sent, never rewritten).
    public var query: String
    /// A JSON object as written, where `{{variables}}` are filled in; nil or blank: none.
    public var variables: String?
    /// The operation to run when the document holds several.
    public var operationName: String?
    /// True: sent as `GET` with the query in the URL (`--graphql-get`, `get: true`).
    public var usesGET: Bool

    public init(query: String, variables: String? = nil, operationName: String? = nil, usesGET: Bool = false) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
        self.usesGET = usesGET
    }
}
