import FerryCore
import OpenAPIKit

/// Turns one operation of an OpenAPI document into a request description: its URL on
/// `{{baseURL}}` with path parameters as `{{variables}}`, query parameters (optional ones in
/// `disabledParams`), headers and cookies (optional ones as disabled headers), a body from the example or the schema, the
/// credentials of its first security requirement, and its response examples. What it leaves out or
/// approximates goes into `report`, placed at `paths./pets.get…`.
struct OpenAPIOperationBuilder {
    let document: OpenAPI.Document
    let path: OpenAPI.Path
    let pathItem: OpenAPI.PathItem
    let endpoint: OpenAPI.PathItem.Endpoint
    /// `{{baseURL}}`, or the operation's own server.
    let baseURL: String
    /// The variable an apiKey scheme's value goes in, by scheme name.
    let apiKeyVariables: [String: String]
    var report = ImportReport()
    /// Path parameters with their example values, for the environment.
    private(set) var pathVariables: [(name: String, value: String)] = []
    /// Variables the credentials use, for the environment (secret).
    private(set) var secretVariables: [String] = []

    init(
        document: OpenAPI.Document, path: OpenAPI.Path, pathItem: OpenAPI.PathItem, endpoint: OpenAPI.PathItem.Endpoint,
        baseURL: String, apiKeyVariables: [String: String]
    ) {
        self.document = document
        self.path = path
        self.pathItem = pathItem
        self.endpoint = endpoint
        self.baseURL = baseURL
        self.apiKeyVariables = apiKeyVariables
    }

    var operation: OpenAPI.Operation { endpoint.operation }
    var components: OpenAPI.Components { document.components }
    /// `paths./pets.get`
    var place: String { "paths.\(path.rawValue).\(endpoint.method.rawValue.lowercased())" }

    /// `METHOD /path` when the operation has neither an id nor a summary.
    var fallbackTitle: String { "\(endpoint.method.rawValue) \(path.rawValue)" }

    mutating func build() -> RequestDescription {
        let template = path.rawValue.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
        var description = RequestDescription(method: HTTPMethod(endpoint.method.rawValue), url: baseURL + template)
        description.name = operation.summary ?? operation.operationId ?? fallbackTitle
        description.description = operation.description
        applyParameters(to: &description)
        applyBody(to: &description)
        applySecurity(to: &description)
        applyExamples(to: &description)
        if !operation.callbacks.isEmpty {
            report.dropped(
                "\(place).callbacks",
                "callbacks (\(operation.callbacks.keys.sorted().joined(separator: ", "))) are requests the API sends, not requests to it")
        }
        return description
    }

    // MARK: - Parameters

    private mutating func applyParameters(to description: inout RequestDescription) {
        var query: [(key: String, value: Parameters)] = []
        var optionalQuery: [(key: String, value: Parameters)] = []
        var cookies: [String] = []
        var seen = Set<String>()
        // The operation's parameters override the path item's of the same name and location.
        let listed =
            operation.parameters.enumerated().map { ("\(place).parameters[\($0.offset)]", $0.element) }
            + pathItem.parameters.enumerated().map { ("paths.\(path.rawValue).parameters[\($0.offset)]", $0.element) }
        for (at, either) in listed {
            guard let parameter = resolve(either, at: at) else { continue }
            guard seen.insert("\(parameter.location.rawValue) \(parameter.name)").inserted else { continue }
            let value = sample(of: parameter, at: at)
            switch parameter.location {
            case .path:
                if !pathVariables.contains(where: { $0.name == parameter.name }) { pathVariables.append((parameter.name, value.plainText)) }
            case .query:
                if parameter.required {
                    query.append((key: parameter.name, value: value))
                    // OpenAPI's default for arrays is `form`, exploded: `a=1&a=2`; unexploded `a=1,2`.
                    if case .array = value {
                        let exploded = if case .a(let context) = parameter.schemaOrContent { context.explode } else { true }
                        description.parameterStyle.arrayStyle = exploded ? .repeat : .comma
                    }
                } else {
                    optionalQuery.append((key: parameter.name, value: value))
                }
            case .header:
                if ["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) {
                    report.approximated(
                        at, "the header parameter \(parameter.name) is set by the media type or the credentials instead (as OpenAPI says)")
                    continue
                }
                description.headers.append(.init(name: parameter.name, value: value.plainText, enabled: parameter.required))
            case .cookie:
                if parameter.required {
                    cookies.append("\(parameter.name)=\(value.plainText)")
                } else {
                    description.headers.append(.init(name: "Cookie", value: "\(parameter.name)=\(value.plainText)", enabled: false))
                }
            case .querystring:
                report.dropped(at, "a whole-query-string parameter (\(parameter.name)) is not imported")
            }
        }
        if !cookies.isEmpty { description.headers.append(.init(name: "Cookie", value: cookies.joined(separator: "; "))) }
        if !query.isEmpty { description.params = .object(query) }
        if !optionalQuery.isEmpty { description.disabledParams = .object(optionalQuery) }
    }

    /// A parameter's example, else a sample of its schema.
    private mutating func sample(of parameter: OpenAPI.Parameter, at: String) -> Parameters {
        switch parameter.schemaOrContent {
        case .a(let context):
            if let example = context.example { return Parameters(openAPI: example) }
            if let value = firstExample(context.examples) { return value }
            let schema: JSONSchema =
                switch context.schema {
                case .a(let reference): .reference(reference.jsonReference)
                case .b(let schema): schema
                }
            return sample(of: schema, at: at)
        case .b(let content):
            guard let media = content.values.first.flatMap({ resolve($0, at: at) }) else { return .string("") }
            return value(of: media, at: at)
        }
    }

    // MARK: - Body

    private mutating func applyBody(to description: inout RequestDescription) {
        guard let either = operation.requestBody else { return }
        let at = "\(place).requestBody"
        guard let request = resolve(either, at: at) else { return }
        let types = request.content.keys.map(\.rawValue)
        guard let chosen = request.content.first(where: { Self.bodyKind($0.key.typeAndSubtype) != nil }) ?? request.content.first else {
            return
        }
        let type = chosen.key.rawValue
        if types.count > 1 {
            report.approximated(
                "\(at).content", "the body is \(type); the document also allows \(types.filter { $0 != type }.joined(separator: ", "))")
        }
        guard let media = resolve(chosen.value, at: "\(at).content.\(type)") else { return }
        let mediaPlace = "\(at).content.\(type)"
        let value = value(of: media, at: mediaPlace)
        if case .null = value {
            report.dropped(mediaPlace, "no body could be made: the media type has no example and no usable schema")
            return
        }
        switch Self.bodyKind(chosen.key.typeAndSubtype) {
        case .json:
            // `{{…}}` in an example is the API's own text (SendGrid's substitution tags), not a Ferry variable.
            if Self.holdsBraces(value), let text = try? JSONRequestSerializer(pretty: true).serialize(value) {
                description.body = .bytes(text, contentType: type)
                report.approximated(mediaPlace, "the example holds {{…}} of its own: the body is sent as written (verbatim), not filled in")
                return
            }
            description.body = .json(value)
            if chosen.key.typeAndSubtype != "application/json" { description.headers.append(.init(name: "Content-Type", value: type)) }
        case .form:
            description.body = .form(value)
            if case .object(let fields) = value, fields.contains(where: { if case .array = $0.value { true } else { false } }) {
                description.parameterStyle.arrayStyle = .repeat
            }
        case .multipart:
            guard case .object(let entries) = value else {
                report.dropped(mediaPlace, "a multipart body that is not an object of fields is not imported")
                return
            }
            let files = fileFields(of: media)
            description.body = .multipart(
                entries.map { entry in
                    let type = media.encodingMap?[entry.key]?.contentTypes.first?.rawValue
                    guard files.contains(entry.key) else {
                        return .init(name: entry.key, value: .text(entry.value.plainText), contentType: type)
                    }
                    return .init(name: entry.key, value: .file(path: "{{\(Self.fileVariable(entry.key))}}"), contentType: type)
                })
            if !files.isEmpty {
                let variables = files.map { "{{\(Self.fileVariable($0))}}" }.joined(separator: ", ")
                report.approximated(
                    mediaPlace,
                    "file fields are file parts read from the paths \(variables) (files in the collection's folder): set them with --var or in the environment"
                )
            }
        case nil:
            if case .string(let text) = value, !text.isEmpty {
                description.body = .raw(text, contentType: type)
            } else {
                report.dropped(mediaPlace, "a \(type) body is only imported from a text example")
            }
        }
    }

    private enum BodyKind { case json, form, multipart }

    /// True when a key or string of `value` holds `{{`.
    private static func holdsBraces(_ value: Parameters) -> Bool {
        switch value {
        case .object(let members): members.contains { $0.key.contains("{{") || holdsBraces($0.value) }
        case .array(let items): items.contains(where: holdsBraces)
        case .string(let text): text.contains("{{")
        case .number, .bool, .null: false
        }
    }

    private static func bodyKind(_ type: String) -> BodyKind? {
        switch type.lowercased() {
        case "application/json": .json
        case let other where other.hasSuffix("+json"): .json
        case "application/x-www-form-urlencoded": .form
        case "multipart/form-data": .multipart
        default: nil
        }
    }

    /// The properties of a multipart schema that hold files (`format: binary`), in order.
    private func fileFields(of media: OpenAPI.Content) -> [String] {
        guard let schema = media.schema, let resolved = try? components.lookup(schema), case .object(_, let context) = resolved.value else {
            return []
        }
        return context.properties.filter { (try? components.lookup($0.value))?.formatString == "binary" }.map(\.key)
    }

    /// The variable that names the file of a file field: `photo` → `photoFile`.
    static func fileVariable(_ field: String) -> String { field + "File" }

    // MARK: - Security

    private mutating func applySecurity(to description: inout RequestDescription) {
        let requirements = operation.security ?? document.security
        let at = operation.security != nil ? "\(place).security" : "security"
        guard let requirement = requirements.first else { return }
        if requirements.count > 1 {
            report.approximated(at, "the first of \(requirements.count) ways to authenticate is used")
        }
        for reference in requirement.keys.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
            let name = reference.name ?? reference.absoluteString
            guard let scheme = components[reference] else {
                report.dropped(at, "the security scheme \(name) is not in components.securitySchemes")
                continue
            }
            let schemePlace = "components.securitySchemes.\(name)"
            switch scheme.type {
            case .http(let kind, _) where kind.lowercased() == "basic":
                description.auth = .basic(username: "{{username}}", password: "{{password}}")
                secretVariables += ["username", "password"]
            case .http(let kind, _) where kind.lowercased() == "bearer":
                description.auth = .bearer(token: "{{token}}")
                secretVariables.append("token")
            case .http(let kind, _):
                report.dropped(schemePlace, "HTTP \(kind) authentication is not supported yet")
            case .apiKey(let keyName, let location):
                let variable = apiKeyVariables[name] ?? "apiKey"
                secretVariables.append(variable)
                switch location {
                case .header: description.headers.append(.init(name: keyName, value: "{{\(variable)}}"))
                case .query:
                    description.params = .object(
                        (description.params.flatMap(Self.entries) ?? []) + [(key: keyName, value: .string("{{\(variable)}}"))])
                case .cookie: description.headers.append(.init(name: "Cookie", value: "\(keyName)={{\(variable)}}"))
                }
            case .oauth2(let flows, _):
                applyOAuth2(flows, scopes: requirement[reference] ?? [], place: schemePlace, to: &description)
            case .openIdConnect:
                report.dropped(schemePlace, "OpenID Connect is not supported yet; set a bearer token by hand")
            case .mutualTLS:
                report.dropped(schemePlace, "mutual TLS is not imported; set the client certificate in Options")
            }
        }
    }

    /// OAuth 2.0 as Ferry's `auth: oauth2`, client `{{clientId}}` and `{{clientSecret}}`: the client
    /// credentials flow, else the authorization code flow (run with PKCE); the implicit, password
    /// and device flows, which Ferry does not run, as a bearer `{{token}}`.
    private mutating func applyOAuth2(
        _ flows: OpenAPI.OAuthFlows, scopes: [String], place: String, to description: inout RequestDescription
    ) {
        var settings = OAuth2Settings(clientID: "{{clientId}}", clientSecret: "{{clientSecret}}", scope: scopes.joined(separator: " "))
        if let flow = flows.clientCredentials {
            settings.tokenURL = flow.tokenUrl.absoluteString
        } else if let flow = flows.authorizationCode {
            settings.grant = .authorizationCode
            settings.tokenURL = flow.tokenUrl.absoluteString
            settings.authorizationURL = flow.authorizationUrl.absoluteString
        } else {
            description.auth = .bearer(token: "{{token}}")
            secretVariables.append("token")
            report.approximated(place, "its OAuth 2.0 flow is not one Ferry runs: the request sends a bearer {{token}} you set")
            return
        }
        description.auth = .oauth2(settings)
        for name in ["clientId", "clientSecret"] where !secretVariables.contains(name) { secretVariables.append(name) }
    }

    private static func entries(_ parameters: Parameters) -> [(key: String, value: Parameters)]? {
        if case .object(let entries) = parameters { return entries }
        return nil
    }

    // MARK: - Examples

    private mutating func applyExamples(to description: inout RequestDescription) {
        for (status, either) in operation.responses {
            let at = "\(place).responses.\(status.rawValue)"
            guard let response = resolve(either, at: at) else { continue }
            if !response.links.isEmpty {
                report.dropped(
                    "\(at).links",
                    "links (\(response.links.keys.joined(separator: ", "))) describe follow-up requests; they are not imported")
            }
            for (type, mediaEither) in response.content {
                guard let media = resolve(mediaEither, at: "\(at).content.\(type.rawValue)") else { continue }
                var found: [(name: String, value: Parameters)] = []
                // OpenAPIKit also gives a media type with `examples` their first as `example`.
                if let example = media.example, media.examples?.isEmpty ?? true {
                    found.append((response.description ?? status.rawValue, Parameters(openAPI: example)))
                }
                for (name, exampleEither) in media.examples ?? [:] {
                    guard let example = resolve(exampleEither, at: "\(at).content.\(type.rawValue).examples.\(name)"),
                        let value = example.dataOrLegacyValue.map({ Parameters(openAPI: $0) })
                            ?? example.serializedValue.map(Parameters.string)
                    else { continue }
                    found.append((example.summary ?? name, value))
                }
                guard !found.isEmpty else { continue }
                guard let code = Self.statusCode(status.rawValue) else {
                    report.dropped(at, "examples of the `default` response are not kept: an example needs a status")
                    continue
                }
                for (name, value) in found {
                    let body: String = if case .string(let text) = value { text } else { value.jsonText(pretty: true) }
                    description.examples.append(
                        .init(name: name, status: code, headers: [HTTPHeader(name: "Content-Type", value: type.rawValue)], body: body))
                }
            }
        }
    }

    /// `200` → 200, `2XX` → 200; nil for `default`.
    private static func statusCode(_ text: String) -> Int? {
        if let code = Int(text) { return code }
        guard text.count == 3, let first = text.first?.wholeNumberValue, text.dropFirst().uppercased() == "XX" else { return nil }
        return first * 100
    }

    // MARK: - Values and references

    /// A media type's example, its first named example, else a sample of its schema.
    private mutating func value(of media: OpenAPI.Content, at: String) -> Parameters {
        if let example = media.example { return Parameters(openAPI: example) }
        if let value = firstExample(media.examples) { return value }
        guard let schema = media.schema else { return .string("") }
        return sample(of: schema, at: "\(at).schema")
    }

    private func firstExample(_ examples: OpenAPI.Example.Map?) -> Parameters? {
        guard let either = examples?.first?.value, let example = try? components.lookup(either) else { return nil }
        return example.dataOrLegacyValue.map { Parameters(openAPI: $0) } ?? example.serializedValue.map(Parameters.string)
    }

    private mutating func sample(of schema: JSONSchema, at: String) -> Parameters {
        var sampler = SchemaSample(components: components)
        let value = sampler.value(for: schema)
        for reference in sampler.unresolved {
            report.dropped(at, Self.unresolvedMessage(reference))
        }
        return value
    }

    /// The component `either` names, or nil with a note when it cannot be found.
    private mutating func resolve<T: ComponentDictionaryLocatable>(_ either: Either<OpenAPI.Reference<T>, T>, at: String) -> T? {
        do {
            return try components.lookup(either)
        } catch {
            if case .a(let reference) = either {
                report.dropped(at, Self.unresolvedMessage(reference.absoluteString))
            } else {
                report.dropped(at, "\(error)")
            }
            return nil
        }
    }

    private static func unresolvedMessage(_ reference: String) -> String {
        if reference.hasPrefix("#") { return "$ref \(reference) is not in the document" }
        if reference.contains("://") { return "$ref \(reference) is not fetched: Ferry reads local files only" }
        return "$ref \(reference) points into another file that cannot be read or has no such part"
    }
}
