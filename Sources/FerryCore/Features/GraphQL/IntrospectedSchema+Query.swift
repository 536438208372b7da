/// The introspection query Ferry sends to learn a schema: the standard one of the GraphQL
/// specification's introspection section (types, fields with their arguments, input fields, enum
/// values, interfaces, possible types; type references seven wrappers deep).
extension IntrospectedSchema {
    public static let introspectionQuery = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name }
          possibleTypes { ...TypeRef }
        }

        fragment InputValue on __InputValue {
          name
          type { ...TypeRef }
          defaultValue
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// The types a person wrote: without the introspection types (`__Type`…) and the built-in scalars.
    public var ownTypes: [NamedType] {
        types.filter { !$0.name.hasPrefix("__") && !["String", "Int", "Float", "Boolean", "ID"].contains($0.name) }
    }
}
