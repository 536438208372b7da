import Foundation

/// Turning a saved request into one to send: variables resolved (an unresolved one throws, naming
/// it and where it is), the folder's base URL and headers applied, relative file paths taken from
/// the collection's folder.
extension RequestDescription {
    /// The request this document describes. `directory` is where relative body and part files are.
    public func resolved(with resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(),
                         directory: String) throws -> ResolvedRequest {
        var redaction = resolver.redaction
        var request = Request(method: method, url: try resolvedURL(resolver, defaults: defaults), options: options)
        request.options.tls.caFile = options.tls.caFile.map { CollectionPath.absolute($0, in: directory) }
        let query = parameterStyle.query
        if let params {
            request.url = try ParameterEncoding.appendingQuery(try query.encode(try resolver.render(params, place: "param")), to: request.url)
        }
        let ownNames = Set(headers.filter(\.enabled).map { $0.name.lowercased() })
        for header in defaults.headers.filter({ !ownNames.contains($0.name.lowercased()) }) + headers where header.enabled {
            request.headers.add(name: header.name, value: try resolver.render(header.value, place: "header \(header.name)"))
        }
        try auth?.apply(to: &request, redaction: &redaction, resolver: resolver)
        try applyBody(to: &request, resolver: resolver, query: query, directory: directory)
        try request.validate()
        return ResolvedRequest(request: request, redaction: redaction)
    }

    private func resolvedURL(_ resolver: VariableResolver, defaults: FolderDefaults) throws -> URL {
        let text = try resolver.render(url, place: "url")
        guard let base = defaults.baseURL, !text.contains("://") else { return try Request.parseURL(text) }
        let baseURL = try Request.parseURL(try resolver.render(base, place: "folder base URL"))
        return try Request.parseURL(try BaseURL(baseURL).resolve(text).absoluteString)
    }

    private func applyBody(to request: inout Request, resolver: VariableResolver, query: QueryStringEncoder, directory: String) throws {
        let contentType: String?
        switch body {
        case .none:
            return
        case .raw(let text, let type):
            let escaping = TemplateEscaping(contentType: type ?? request.headers["Content-Type"])
            request.body = .bytes(Data(try resolver.render(text, place: "body", escaping: escaping).utf8))
            contentType = type
        case .bytes(let data, let type):
            request.body = .bytes(data)
            contentType = type
        case .json(let value):
            request.body = .bytes(try JSONRequestSerializer(pretty: parameterStyle.prettyJSON).serialize(try resolver.render(value, place: "body")))
            contentType = "application/json"
        case .form(let value):
            request.body = .bytes(Data(try query.encode(try resolver.render(value, place: "body")).utf8))
            contentType = "application/x-www-form-urlencoded"
        case .plist(let value):
            request.body = .bytes(try PropertyListRequestSerializer(format: parameterStyle.plistFormat).serialize(try resolver.render(value, place: "body")))
            contentType = "application/x-plist"
        case .file(let path, let type):
            request.body = .file(path: CollectionPath.absolute(try resolver.render(path, place: "body file"), in: directory))
            contentType = type
        case .multipart(let parts):
            var form = MultipartFormData()
            for part in parts {
                let place = "part \(part.name)"
                switch part.value {
                case .text(let text):
                    form.append(Data(try resolver.render(text, place: place).utf8), name: part.name)
                case .file(let path):
                    try form.appendFile(path: CollectionPath.absolute(try resolver.render(path, place: place), in: directory),
                                        name: part.name, fileName: part.fileName, mimeType: part.contentType)
                }
            }
            let encoded = form.encoded()
            request.body = .stream(encoded.source)
            contentType = encoded.contentType
        }
        if let contentType, !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
    }
}
