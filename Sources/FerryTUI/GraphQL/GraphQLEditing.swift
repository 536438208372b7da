import FerryCore

/// What the Body tab holds beside the query when the body is a GraphQL one: the variables (JSON)
/// edited in the right-hand column, which column keys type into, the settings the editor keeps
/// as loaded (operation name, GET), and the endpoint's schema once fetched or read from the cache.
public struct GraphQLEditing: Sendable {
    public var variables = TextArea()
    /// True while keys type into the variables rather than the query.
    public var editsVariables = false
    public var operationName: String?
    public var usesGET = false
    /// The schema offered for completion; nil until `S` fetches it or Ctrl-N reads the cache.
    public var schema: IntrospectedSchema?

    public init(_ body: GraphQLBody = GraphQLBody(query: "")) {
        variables = TextArea(body.variables ?? "")
        operationName = body.operationName
        usesGET = body.usesGET
    }

    /// The body these fields describe with `query`.
    public func body(query: String) -> GraphQLBody {
        GraphQLBody(query: query, variables: variables.isEmpty ? nil : variables.text, operationName: operationName, usesGET: usesGET)
    }
}
