import FerryCore
import Foundation

/// The Body tab's GraphQL keys: `Q` makes the body a GraphQL query (or text again), Enter edits the
/// query and `v` the variables, `S` fetches the endpoint's schema by introspection (the answer shows
/// in the response tabs, the schema is kept for completion and cached), the `complete` key
/// (Ctrl-N) inserts the first field name offered at the query's cursor, `O` edits the operation
/// name and `U` chooses GET or a JSON POST.
extension AppState {
    /// Handles a GraphQL action; nil when `action` is not one here.
    mutating func performGraphQL(_ action: Action) -> [Effect]? {
        switch action {
        case .toggleGraphQL where focus == .request && requestTab == .body:
            toggleGraphQL()
            return []
        case .editVariables where focus == .request && requestTab == .body && editor.graphQL != nil:
            editor.graphQL?.editsVariables = true
            editor.isEditingBody = true
            return []
        case .edit where focus == .request && requestTab == .body && editor.graphQL != nil:
            editor.graphQL?.editsVariables = false
            editor.isEditingBody = true
            return []
        case .fetchGraphQLSchema where focus == .request && requestTab == .body && editor.graphQL != nil:
            return fetchSchema()
        case .editOperationName where focus == .request && requestTab == .body && editor.graphQL != nil:
            editor.isEditingBody = false
            editor.lineEdit = LineEdit(target: .graphQLOperation, text: editor.graphQL?.operationName ?? "")
            return []
        case .toggleGraphQLGET where focus == .request && requestTab == .body && editor.graphQL != nil:
            editor.graphQL!.usesGET.toggle()
            editor.method = editor.graphQL!.usesGET ? .get : .post
            notice = editor.graphQL!.usesGET ? "GraphQL as a GET: query, variables and operation name in the URL" : "GraphQL as a JSON POST"
            return []
        case .complete where context == .body && editor.graphQL != nil:
            return completeField()
        default:
            return nil
        }
    }

    /// The field names offered at the query's cursor while it is edited (empty without a schema).
    public var graphQLCompletions: [IntrospectedSchema.Field] {
        guard context == .body, let graphQL = editor.graphQL, !graphQL.editsVariables, let schema = graphQL.schema else { return [] }
        return schema.completions(at: GraphQLCursorScope(before: editor.body.textBeforeCursor))
    }

    /// The text keys type into in the Body tab: the query (or text body), or the GraphQL variables.
    var editedBody: TextArea {
        get { editor.graphQL?.editsVariables == true ? editor.graphQL!.variables : editor.body }
        set {
            if editor.graphQL?.editsVariables == true { editor.graphQL!.variables = newValue } else { editor.body = newValue }
        }
    }

    /// Enter on the operation name being edited: a blank name is none.
    mutating func commitOperationName(_ text: String) {
        let name = text.trimmingCharacters(in: .whitespaces)
        editor.graphQL?.operationName = name.isEmpty ? nil : name
    }

    /// Keeps a schema the runtime fetched or read from the cache for the editor's endpoint.
    mutating func graphQLSchemaLoaded(endpoint: String, _ schema: IntrospectedSchema) {
        // The editor may hold another request by now: a schema is kept only for its own endpoint.
        guard editor.graphQL != nil, (try? introspectionRequest())?.request.graphQLEndpoint == endpoint else { return }
        editor.graphQL?.schema = schema
        notice = "GraphQL schema of \(endpoint): \(schema.ownTypes.count) types; Ctrl-N completes field names in the query"
    }

    private mutating func toggleGraphQL() {
        editor.isEditingBody = false
        if editor.graphQL == nil {
            editor.graphQL = GraphQLEditing()
            editor.method = .post
            notice = "GraphQL body: Enter edits the query, v the variables, S fetches the schema"
        } else {
            editor.graphQL = nil
            notice = "text body (the query stays as text)"
        }
    }

    /// The editor's request with the introspection query for its body.
    private func introspectionRequest() throws -> ResolvedRequest {
        var description = try editor.description()
        var body = description.graphQL ?? GraphQLBody(query: "")
        (body.query, body.variables, body.operationName) = (IntrospectedSchema.introspectionQuery, nil, "IntrospectionQuery")
        description.body = .graphql(body)
        return try description.resolved(
            with: VariableResolver(collection.variables), defaults: editor.source.defaults.under(environment: collection.connection),
            access: collection.fileAccess ?? .unbounded(directory: editor.source.root))
    }

    private mutating func fetchSchema() -> [Effect] {
        do {
            let request = try introspectionRequest()
            return startSending(request, schemaEndpoint: request.request.graphQLEndpoint)
        } catch {
            notice = Self.oneLine(error)
            return []
        }
    }

    /// Inserts the rest of the first field name offered; without a schema yet, asks for the cached one.
    private mutating func completeField() -> [Effect] {
        if editor.graphQL?.schema == nil {
            guard let request = try? introspectionRequest() else {
                notice = "the request cannot be built yet, so its schema cannot be looked up"
                return []
            }
            return [.loadGraphQLSchema(endpoint: request.request.graphQLEndpoint)]
        }
        guard let field = graphQLCompletions.first else { return [] }
        let typed = GraphQLCursorScope(before: editor.body.textBeforeCursor).prefix
        editor.body.insert(String(field.name.dropFirst(typed.count)))
        return []
    }
}
