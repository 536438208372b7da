/// The GraphQL body's say over the request around it.
extension RequestDescription {
    /// The method the request is sent with: a GraphQL body's own (POST, or GET), else `method`.
    public var sentMethod: HTTPMethod {
        if case .graphql(let graphQL) = body { return graphQL.method }
        if isGRPC { return .post }
        return method
    }

    /// The GraphQL body, when the body is one.
    public var graphQL: GraphQLBody? {
        if case .graphql(let graphQL) = body { return graphQL }
        return nil
    }
}
