import Foundation

/// Turning a saved request into one to send: variables resolved (an unresolved one throws, naming
/// it and where it is), the folder's base URL and headers applied, relative file paths taken from
/// the collection's folder and read only inside it unless the user allows more (`FileAccessPolicy`).
extension RequestDescription {
    /// The request this document describes, reading files only inside the collection at `directory`.
    public func resolved(
        with resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(),
        directory: String
    ) throws -> ResolvedRequest {
        try resolved(with: resolver, defaults: defaults, access: FileAccessPolicy(collection: directory))
    }

    /// The request this document describes; `access` says where relative files are and which may be read.
    public func resolved(
        with resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(),
        access: FileAccessPolicy
    ) throws -> ResolvedRequest {
        var resolver = ownVariables(over: resolver)
        resolver.templates = templates
        var redaction = resolver.redaction
        var request = Request(method: sentMethod, url: try resolvedURL(resolver, defaults: defaults), options: options)
        request.options.tls.caFile = try options.tls.caFile.map { try access.readablePath($0, field: "options.caFile") }
        if let params {
            request.url = try ParameterEncoding.appendingQuery(
                try parameterStyle.query.encode(try resolver.render(params, place: "param")), to: request.url)
        }
        if let graphQL, graphQL.usesGET {
            request.url = try ParameterEncoding.appendingQuery(try graphQL.queryString(with: resolver), to: request.url)
        }
        let ownNames = Set(headers.filter(\.enabled).map { $0.name.lowercased() })
        for header in defaults.headers.filter({ !ownNames.contains($0.name.lowercased()) }) + headers where header.enabled {
            let name = try resolver.render(header.name, place: "header name \(header.name)")  // `{{key}}: value`, as Hurl fills it in
            request.headers.add(name: name, value: try resolver.render(header.value, place: "header \(header.name)"))
        }
        if !cookies.isEmpty { request.ownCookies = try resolvedCookies(resolver) }
        try auth?.apply(to: &request, redaction: &redaction, resolver: resolver)
        try defaults.connection.overlaid(by: connection).apply(to: &request, resolver: resolver, access: access)
        let tls = request.options.tls
        var files = [tls.caFile, tls.clientCertificate, tls.clientKey, request.options.unixSocket].compactMap { $0 }
        let (body, contentType) = try resolvedBody(
            with: resolver, access: access, contentTypeHeader: request.headers["Content-Type"],
            files: &files)
        request.body = body
        if case .grpc(let grpc) = self.body {
            func paths(_ given: [String], _ field: String) throws -> [String]? {
                guard !given.isEmpty else { return nil }
                return try given.map { try access.readablePath(try resolver.render($0, place: field), field: field) }
            }
            request.options.protosets = try paths(grpc.protosets, "body.grpc.protoset")
            request.options.protoFiles = try paths(grpc.protoFiles, "body.grpc.proto")
            request.options.protoImportPaths = try paths(grpc.importPaths, "body.grpc.importPaths")
            if request.options.protoFiles != nil, request.options.protoImportPaths == nil {
                request.options.protoImportPaths = [try access.readablePath(".", field: "body.grpc.importPaths")]
            }
            request.options.grpcWeb = grpc.web
            request.options.grpcCompression = grpc.compression
            files += (request.options.protosets ?? []) + (request.options.protoFiles ?? [])
        }
        if let contentType, !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
        if let contentType, let boundary = contentType.range(of: "; boundary="), let given = request.headers["Content-Type"],
            given.lowercased().hasPrefix("multipart/"), !given.lowercased().contains("boundary=")
        {
            // As curl does: a multipart type named without a boundary gets the body's, else no server could read the parts.
            request.headers.set(name: "Content-Type", value: given + contentType[boundary.lowerBound...])
        }
        try request.validate()
        var resolved = ResolvedRequest(request: request, redaction: redaction, files: files)
        if let output {
            let path = try resolver.render(output, place: "options.output")
            resolved.output = path == "-" ? path : try access.writablePath(path, field: "options.output")
        }
        return resolved
    }

    /// Splits the texts every resolve fills in (the URL, the headers) into their templates now, so
    /// that resolving the request splits none: `ferry run` does it on the thread that reads its files.
    public func prepareTemplates() {
        for text in [url] + headers.flatMap({ [$0.name, $0.value] }) where text.containsASCII("{{") { _ = templates.template(text) }
    }

    /// `resolver` with the request's own `vars:` added for the names it has no value for.
    public func ownVariables(over resolver: VariableResolver) -> VariableResolver {
        var layered = resolver
        layered.add(variables.filter { resolver.variables[$0.name] == nil })
        return layered
    }

    /// `cookies:` as one `a=1; b=2` field, each value filled in; a name that is not a token, or a
    /// value with a `;` or a control character (no header injection), is refused with the cookie's name.
    private func resolvedCookies(_ resolver: VariableResolver) throws -> String {
        let filled = try cookies.map { cookie in
            let name = try resolver.render(cookie.name, place: "cookie name \(cookie.name)")
            let value = try resolver.render(cookie.value, place: "cookie \(cookie.name)")
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "cookies.\(cookie.name)", problem: "is not a valid cookie name"))
            }
            guard value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ";") }) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "cookies.\(cookie.name)", problem: "a cookie value may not hold `;` or control characters"))
            }
            return CookieEntry(name: name, value: value)
        }
        return CookieEntry.field(filled)
    }

    private func resolvedURL(_ resolver: VariableResolver, defaults: FolderDefaults) throws -> URL {
        let text = try resolver.render(url, place: "url")
        guard let base = defaults.baseURL, !text.containsASCII("://") else { return try Request.parseURL(text) }
        let baseURL = try Request.parseURL(try resolver.render(base, place: "folder base URL"))
        return try Request.parseURL(try BaseURL(baseURL).resolve(text).absoluteString)
    }

    /// The body with its variables filled in, and the Content-Type it implies (nil: none). A text
    /// body's variables are escaped for `contentTypeHeader` when it has no type of its own; its files
    /// are read as `access` allows.
    public func resolvedBody(
        with resolver: VariableResolver, access: FileAccessPolicy,
        contentTypeHeader: String?
    ) throws -> (body: RequestBody, contentType: String?) {
        var files: [String] = []
        return try resolvedBody(with: resolver, access: access, contentTypeHeader: contentTypeHeader, files: &files)
    }

    /// The body and its Content-Type, the local files it reads added to `files`.
    private func resolvedBody(
        with resolver: VariableResolver, access: FileAccessPolicy, contentTypeHeader: String?,
        files: inout [String]
    ) throws -> (body: RequestBody, contentType: String?) {
        switch body {
        case .none:
            return (.none, nil)
        case .raw(let text, let type):
            let escaping = TemplateEscaping(contentType: type ?? contentTypeHeader)
            return (.bytes(Data(try resolver.render(text, place: "body", escaping: escaping).utf8)), type)
        case .bytes(let data, let type):
            return (.bytes(data), type)
        case .json(let value):
            return (
                .bytes(try JSONRequestSerializer(pretty: parameterStyle.prettyJSON).serialize(try resolver.render(value, place: "body"))),
                "application/json"
            )
        case .form(let value):
            return (
                .bytes(Data(try parameterStyle.query.encode(try resolver.render(value, place: "body")).utf8)),
                "application/x-www-form-urlencoded"
            )
        case .plist(let value):
            return (
                .bytes(
                    try PropertyListRequestSerializer(format: parameterStyle.plistFormat).serialize(
                        try resolver.render(value, place: "body"))), "application/x-plist"
            )
        case .graphql(let graphQL):
            return graphQL.usesGET ? (.none, nil) : (.bytes(try graphQL.jsonBody(with: resolver)), "application/json")
        case .grpc(let grpc):
            // The messages as one JSON list; the gRPC transport encodes them with the method's schema.
            let messages = try grpc.messages.map { try resolver.render($0, place: "body.grpc") }
            return (.bytes(try JSONRequestSerializer(pretty: false).serialize(.array(messages))), nil)
        case .file(let path, let type):
            let file = try access.readablePath(try resolver.render(path, place: "body file"), field: "body file")
            files.append(file)
            return (.file(path: file), type)
        case .multipart(let parts):
            var form = MultipartFormData()
            for part in parts {
                let place = "part \(part.name)"
                let name = try resolver.render(part.name, place: "\(place) name")  // `{{key}}: value`, as Hurl fills it in
                switch part.value {
                case .text(let text):
                    form.append(
                        Data(try resolver.render(text, place: place).utf8), name: name, fileName: part.fileName,
                        mimeType: part.contentType)
                case .file(let path):
                    let file = try access.readablePath(try resolver.render(path, place: place), field: "\(place) file")
                    files.append(file)
                    try form.appendFile(path: file, name: name, fileName: part.fileName, mimeType: part.contentType)
                }
            }
            let encoded = form.encoded()
            return (.stream(encoded.source), encoded.contentType)
        }
    }
}
