import FerryCore
import Foundation

/// Turning a saved request into one to send: variables resolved (an unresolved one throws, naming
/// it and where it is), the folder's base URL and headers applied, relative file paths taken from
/// the collection's folder.
extension RequestDocument {
    /// The request this document describes. `directory` is where relative body and part files are.
    public func resolved(with resolver: VariableResolver, defaults: FolderDefaults = FolderDefaults(),
                         directory: String) throws -> ResolvedRequest {
        var redaction = resolver.redaction
        var request = Request(method: method, url: try resolvedURL(resolver, defaults: defaults), options: options)
        request.options.tls.caFile = options.tls.caFile.map { Self.path($0, in: directory) }
        let query = QueryStringEncoder(keepsKeyOrder: true)
        if let params {
            request.url = try ParameterEncoding.appendingQuery(try query.encode(try Self.render(params, resolver, place: "param")), to: request.url)
        }
        let ownNames = Set(headers.filter(\.enabled).map { $0.name.lowercased() })
        for header in defaults.headers.filter({ !ownNames.contains($0.name.lowercased()) }) + headers where header.enabled {
            request.headers.add(name: header.name, value: try resolver.render(header.value, place: "header \(header.name)"))
        }
        if let auth, !request.headers.contains("Authorization") {
            let credential = try Self.authorization(auth, resolver)
            request.headers.add(name: "Authorization", value: credential.value)
            if credential.isSecret {
                redaction.add([Redaction.Rule(secret: credential.value, replacement: credential.value.prefix { $0 != " " } + " {{secret}}")])
            }
        }
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

    private static func authorization(_ auth: Auth, _ resolver: VariableResolver) throws -> (value: String, isSecret: Bool) {
        let secrets = resolver.redaction
        switch auth {
        case .basic(let username, let password):
            let pair = try resolver.render(username, place: "auth username") + ":" + resolver.render(password, place: "auth password")
            return ("Basic " + Data(pair.utf8).base64EncodedString(), secrets.redact(pair) != pair)
        case .bearer(let token):
            let value = try resolver.render(token, place: "auth token")
            return ("Bearer " + value, secrets.redact(value) != value)
        }
    }

    private func applyBody(to request: inout Request, resolver: VariableResolver, query: QueryStringEncoder, directory: String) throws {
        let contentType: String?
        switch body {
        case .none:
            return
        case .raw(let text, let type):
            request.body = .bytes(Data(try resolver.render(text, place: "body").utf8))
            contentType = type
        case .json(let value):
            request.body = .bytes(try JSONRequestSerializer().serialize(try Self.render(value, resolver, place: "body")))
            contentType = "application/json"
        case .form(let value):
            request.body = .bytes(Data(try query.encode(try Self.render(value, resolver, place: "body")).utf8))
            contentType = "application/x-www-form-urlencoded"
        case .plist(let value):
            request.body = .bytes(try PropertyListRequestSerializer().serialize(try Self.render(value, resolver, place: "body")))
            contentType = "application/x-plist"
        case .file(let path, let type):
            request.body = .file(path: Self.path(try resolver.render(path, place: "body file"), in: directory))
            contentType = type
        case .multipart(let parts):
            var form = MultipartFormData()
            for part in parts {
                let place = "part \(part.name)"
                switch part.value {
                case .text(let text):
                    form.append(Data(try resolver.render(text, place: place).utf8), name: part.name)
                case .file(let path):
                    try form.appendFile(path: Self.path(try resolver.render(path, place: place), in: directory),
                                        name: part.name, fileName: part.fileName, mimeType: part.contentType)
                }
            }
            let encoded = form.encoded()
            request.body = .stream(encoded.source)
            contentType = encoded.contentType
        }
        if let contentType, !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
    }

    /// `value` with every string (and key) rendered; `place` names the path (`param user.name`).
    static func render(_ value: Parameters, _ resolver: VariableResolver, place: String, path: String = "") throws -> Parameters {
        let here = path.isEmpty ? place : "\(place) \(path)"
        switch value {
        case .object(let members):
            return .object(try members.map { member in
                let key = try resolver.render(member.key, place: here)
                return (key, try render(member.value, resolver, place: place, path: path.isEmpty ? member.key : "\(path).\(member.key)"))
            })
        case .array(let items):
            return .array(try items.enumerated().map { try render($1, resolver, place: place, path: "\(path)[\($0)]") })
        case .string(let text):
            return .string(try resolver.render(text, place: here))
        case .number, .bool, .null:
            return value
        }
    }

    private static func path(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
