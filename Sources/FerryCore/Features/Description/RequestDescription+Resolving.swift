import Foundation

/// Turning a saved request into one to send: variables resolved (an unresolved one throws, naming
/// it and where it is), the folder's base URL and headers applied, relative file paths taken from
/// the collection's folder.
extension RequestDescription {
    /// The request this document describes. `directory` is where relative body and part files are.
    public func resolved(with resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(),
                         directory: String) throws -> ResolvedRequest {
        let resolver = ownVariables(over: resolver)
        var redaction = resolver.redaction
        var request = Request(method: sentMethod, url: try resolvedURL(resolver, defaults: defaults), options: options)
        request.options.tls.caFile = options.tls.caFile.map { CollectionPath.absolute($0, in: directory) }
        if let params {
            request.url = try ParameterEncoding.appendingQuery(try parameterStyle.query.encode(try resolver.render(params, place: "param")), to: request.url)
        }
        if let graphQL, graphQL.usesGET {
            request.url = try ParameterEncoding.appendingQuery(try graphQL.queryString(with: resolver), to: request.url)
        }
        let ownNames = Set(headers.filter(\.enabled).map { $0.name.lowercased() })
        for header in defaults.headers.filter({ !ownNames.contains($0.name.lowercased()) }) + headers where header.enabled {
            request.headers.add(name: header.name, value: try resolver.render(header.value, place: "header \(header.name)"))
        }
        try auth?.apply(to: &request, redaction: &redaction, resolver: resolver)
        try defaults.connection.overlaid(by: connection).apply(to: &request, resolver: resolver, directory: directory)
        let (body, contentType) = try resolvedBody(with: resolver, directory: directory, contentTypeHeader: request.headers["Content-Type"])
        request.body = body
        if let contentType, !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
        try request.validate()
        return ResolvedRequest(request: request, redaction: redaction)
    }

    /// `resolver` with the request's own `vars:` added for the names it has no value for.
    public func ownVariables(over resolver: VariableResolver) -> VariableResolver {
        var layered = resolver
        layered.add(variables.filter { resolver.variables[$0.name] == nil })
        return layered
    }

    private func resolvedURL(_ resolver: VariableResolver, defaults: FolderDefaults) throws -> URL {
        let text = try resolver.render(url, place: "url")
        guard let base = defaults.baseURL, !text.contains("://") else { return try Request.parseURL(text) }
        let baseURL = try Request.parseURL(try resolver.render(base, place: "folder base URL"))
        return try Request.parseURL(try BaseURL(baseURL).resolve(text).absoluteString)
    }

    /// The body with its variables filled in, and the Content-Type it implies (nil: none). A text
    /// body's variables are escaped for `contentTypeHeader` when it has no type of its own.
    public func resolvedBody(with resolver: VariableResolver, directory: String, contentTypeHeader: String?) throws -> (body: RequestBody, contentType: String?) {
        switch body {
        case .none:
            return (.none, nil)
        case .raw(let text, let type):
            let escaping = TemplateEscaping(contentType: type ?? contentTypeHeader)
            return (.bytes(Data(try resolver.render(text, place: "body", escaping: escaping).utf8)), type)
        case .bytes(let data, let type):
            return (.bytes(data), type)
        case .json(let value):
            return (.bytes(try JSONRequestSerializer(pretty: parameterStyle.prettyJSON).serialize(try resolver.render(value, place: "body"))), "application/json")
        case .form(let value):
            return (.bytes(Data(try parameterStyle.query.encode(try resolver.render(value, place: "body")).utf8)), "application/x-www-form-urlencoded")
        case .plist(let value):
            return (.bytes(try PropertyListRequestSerializer(format: parameterStyle.plistFormat).serialize(try resolver.render(value, place: "body"))), "application/x-plist")
        case .graphql(let graphQL):
            return graphQL.usesGET ? (.none, nil) : (.bytes(try graphQL.jsonBody(with: resolver)), "application/json")
        case .file(let path, let type):
            return (.file(path: CollectionPath.absolute(try resolver.render(path, place: "body file"), in: directory)), type)
        case .multipart(let parts):
            var form = MultipartFormData()
            for part in parts {
                let place = "part \(part.name)"
                switch part.value {
                case .text(let text):
                    form.append(Data(try resolver.render(text, place: place).utf8), name: part.name, fileName: part.fileName, mimeType: part.contentType)
                case .file(let path):
                    try form.appendFile(path: CollectionPath.absolute(try resolver.render(path, place: place), in: directory),
                                        name: part.name, fileName: part.fileName, mimeType: part.contentType)
                }
            }
            let encoded = form.encoded()
            return (.stream(encoded.source), encoded.contentType)
        }
    }
}
