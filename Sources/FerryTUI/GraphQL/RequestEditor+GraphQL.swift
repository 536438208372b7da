import FerryCore
import Foundation

/// The Body tab's keys: `Q` makes the body a GraphQL query (or text again), Enter edits the query
/// and `v` the variables, `S` fetches the endpoint's schema by introspection (the answer shows in
/// the response tabs, the schema is kept for completion and cached), the `complete` key (Ctrl-N)
/// inserts the first field name offered at the query's cursor, `O` edits the operation name and
/// `U` chooses GET or a JSON POST; `p` pretty-prints a JSON body and `f` chooses a body file.
extension RequestEditor {
    /// An action in the Body tab; nil when it is not one here. The schema fetch starts an
    /// exchange, which is `AppState`'s to do.
    mutating func performInBody(
        _ action: Action, in context: KeyContext, collection: CollectionState, notice: inout String?
    )
        -> [Effect]?
    {
        switch action {
        case .toggleGraphQL:
            toggleGraphQL(notice: &notice)
        case .editVariables where graphQL != nil:
            graphQL?.editsVariables = true
            isEditingBody = true
        case .edit where graphQL != nil:
            graphQL?.editsVariables = false
            isEditingBody = true
        case .editOperationName where graphQL != nil:
            isEditingBody = false
            lineEdit = LineEdit(target: .graphQLOperation, text: graphQL?.operationName ?? "")
        case .toggleGraphQLGET where graphQL != nil:
            graphQL!.usesGET.toggle()
            method = graphQL!.usesGET ? .get : .post
            notice = graphQL!.usesGET ? "GraphQL as a GET: query, variables and operation name in the URL" : "GraphQL as a JSON POST"
        case .complete where context == .body && graphQL != nil:
            return completeField(collection: collection, notice: &notice)
        case .complete where context == .body && grpcURL != nil:
            return completeGRPCField(collection: collection, notice: &notice)
        // `p` is both the body's pretty-print and Raw's pretty toggle: whichever binding wins, the pane decides.
        case .prettyPrint, .togglePretty:
            prettyPrintBody(notice: &notice)
        case .chooseBodyFile:
            lineEdit = LineEdit(target: .bodyFile, text: bodyFile ?? "")
        default:
            return nil
        }
        return []
    }

    /// The field names offered at the query's cursor (empty without a schema, or while the variables are edited).
    var graphQLCompletions: [IntrospectedSchema.Field] {
        guard let graphQL, !graphQL.editsVariables, let schema = graphQL.schema else { return [] }
        return schema.completions(at: GraphQLCursorScope(before: body.textBeforeCursor))
    }

    /// The text keys type into in the Body tab: the query (or text body), or the GraphQL variables.
    var editedBody: TextArea {
        get { graphQL?.editsVariables == true ? graphQL!.variables : body }
        set {
            if graphQL?.editsVariables == true { graphQL!.variables = newValue } else { body = newValue }
        }
    }

    /// Enter on the operation name being edited: a blank name is none.
    mutating func commitOperationName(_ text: String) {
        let name = text.trimmingCharacters(in: .whitespaces)
        graphQL?.operationName = name.isEmpty ? nil : name
    }

    /// Keeps a schema the runtime fetched or read from the cache for the editor's endpoint.
    mutating func schemaLoaded(endpoint: String, _ schema: IntrospectedSchema, collection: CollectionState, notice: inout String?) {
        // The editor may hold another request by now: a schema is kept only for its own endpoint.
        guard graphQL != nil, (try? introspectionRequest(in: collection))?.request.graphQLEndpoint == endpoint else { return }
        graphQL?.schema = schema
        notice = "GraphQL schema of \(endpoint): \(schema.ownTypes.count) types; Ctrl-N completes field names in the query"
    }

    /// The editor's request with the introspection query for its body.
    func introspectionRequest(in collection: CollectionState) throws -> ResolvedRequest {
        var description = try description()
        var body = description.graphQL ?? GraphQLBody(query: "")
        (body.query, body.variables, body.operationName) = (IntrospectedSchema.introspectionQuery, nil, "IntrospectionQuery")
        description.body = .graphql(body)
        return try description.resolved(
            with: VariableResolver(collection.variables), defaults: source.defaults.under(environment: collection.connection),
            access: collection.fileAccess ?? .unbounded(directory: source.root))
    }

    private mutating func toggleGraphQL(notice: inout String?) {
        isEditingBody = false
        if graphQL == nil {
            graphQL = GraphQLEditing()
            method = .post
            notice = "GraphQL body: Enter edits the query, v the variables, S fetches the schema"
        } else {
            graphQL = nil
            notice = "text body (the query stays as text)"
        }
    }

    /// Inserts the rest of the first field name offered; without a schema yet, asks for the cached one.
    private mutating func completeField(collection: CollectionState, notice: inout String?) -> [Effect] {
        if graphQL?.schema == nil {
            guard let request = try? introspectionRequest(in: collection) else {
                notice = "the request cannot be built yet, so its schema cannot be looked up"
                return []
            }
            return [.loadGraphQLSchema(endpoint: request.request.graphQLEndpoint)]
        }
        guard let field = graphQLCompletions.first else { return [] }
        let typed = GraphQLCursorScope(before: body.textBeforeCursor).prefix
        body.insert(String(field.name.dropFirst(typed.count)))
        return []
    }

    /// Replaces a JSON body with its pretty-printed form, or says where it is not JSON.
    private mutating func prettyPrintBody(notice: inout String?) {
        do throws(DocumentParseError) {
            let document = try JSONParser.parse(Data(body.text.utf8))
            var text = DocumentPrettyPrinter(terminalSafe: false).string(document)
            if text.hasSuffix("\n") { text.removeLast() }
            body = TextArea(text)
            notice = nil
        } catch {
            notice = "the body is not JSON: " + error.located
        }
    }
}
