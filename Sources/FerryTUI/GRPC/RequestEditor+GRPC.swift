import FerryCore

/// gRPC completion: with the URL focused, the `complete` key (Ctrl-N) completes `package.Service/Method`
/// after the host; while a gRPC request's messages are edited, it completes the field name at the
/// cursor from the method's input type (through nested messages, lists and maps), or an enum's
/// value. The schema is asked for (reflection, or the request's `.proto` files or descriptor sets)
/// the first time the key is pressed for a server.
extension RequestEditor {
    /// The URL's server (`grpc://host:port`) and the method path after it, when it is a gRPC URL.
    var grpcURL: (server: String, method: String)? {
        let text = url.text
        let lowered = text.lowercased()
        guard let scheme = ["grpc://", "grpcs://"].first(where: lowered.hasPrefix) else { return nil }
        let rest = text.dropFirst(scheme.count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        return (String(text[..<slash]), String(rest[slash...].drop { $0 == "/" }))
    }

    /// The schema outline kept for the URL's server, if it was loaded.
    private var grpcOutlineOfServer: GRPCSchemaOutline? {
        guard let server = grpcURL?.server, let grpcSchema, grpcSchema.server == server else { return nil }
        return grpcSchema.outline
    }

    /// The methods offered after the URL's host.
    public var grpcMethodCompletions: [String] {
        guard let method = grpcURL?.method, url.cursor == url.characters.count else { return [] }
        return grpcOutlineOfServer?.methodCompletions(for: method) ?? []
    }

    /// The field names (or enum values) offered at the cursor of the messages being edited.
    public var grpcFieldCompletions: [String] {
        guard isEditingBody, graphQL == nil, let method = grpcURL?.method, let outline = grpcOutlineOfServer else { return [] }
        return outline.fieldCompletions(method: method, before: body.textBeforeCursor)
    }

    /// Completes the method in the URL, or asks for the server's schema when none is kept yet.
    mutating func completeGRPCMethod(collection: CollectionState, notice: inout String?) -> [Effect] {
        guard grpcOutlineOfServer != nil else { return loadGRPCSchema(collection: collection, notice: &notice) }
        guard let method = grpcURL?.method, let first = grpcMethodCompletions.first else { return [] }
        url.insert(String(first.dropFirst(method.count)))
        return []
    }

    /// Completes the field name at the cursor (its quotes and colon too), or the enum value (in its
    /// quotes), or asks for the schema.
    mutating func completeGRPCField(collection: CollectionState, notice: inout String?) -> [Effect] {
        guard grpcOutlineOfServer != nil else { return loadGRPCSchema(collection: collection, notice: &notice) }
        guard let first = grpcFieldCompletions.first, let scope = JSONCursorScope(before: body.textBeforeCursor) else { return [] }
        body.insert((scope.inString ? "" : "\"") + String(first.dropFirst(scope.prefix.count)) + (scope.valueOf == nil ? "\": " : "\""))
        return []
    }

    /// Keeps the outline the runtime read for `server`, when the editor's URL is still on it.
    mutating func grpcSchemaLoaded(server: String, _ outline: GRPCSchemaOutline, notice: inout String?) {
        guard grpcURL?.server == server else { return }
        grpcSchema = (server, outline)
        notice =
            "gRPC schema of \(server): \(outline.methods.count) methods; Ctrl-N completes methods in the URL and fields in the messages"
    }

    private func loadGRPCSchema(collection: CollectionState, notice: inout String?) -> [Effect] {
        guard let server = grpcURL?.server,
            let request = try? description().resolved(
                with: VariableResolver(collection.variables), defaults: source.defaults.under(environment: collection.connection),
                access: collection.fileAccess ?? .unbounded(directory: source.root))
        else {
            notice = "the request cannot be built yet, so its gRPC schema cannot be asked for"
            return []
        }
        notice = "asking \(server) for its gRPC schema…"
        return [.loadGRPCSchema(server: server, OutgoingRequest(resolved: request, environment: collection.environment))]
    }
}
