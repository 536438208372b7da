import FerryCore
import Foundation

/// One Postman item (`item[3]`) as a request description: method, URL with its query as `params`,
/// headers, body, auth (its own or the folder's), options, description and saved responses.
struct PostmanRequestReader: FileReading {
    let item: JSONNode
    /// The nearest folder's (or the collection's) auth, used when the request has none of its own.
    let inheritedAuth: JSONNode?
    var report = ImportReport()
    var attachments: Set<String> = []

    init(item: JSONNode, inheritedAuth: JSONNode?) {
        self.item = item
        self.inheritedAuth = inheritedAuth
    }

    /// The Content-Type Postman sends for a raw body of each language.
    static let languageTypes = [
        "json": "application/json", "xml": "application/xml", "html": "text/html",
        "javascript": "application/javascript", "text": "text/plain",
    ]

    /// Methods Postman sends without their body unless `disableBodyPruning` is set.
    static let prunedMethods: Set<HTTPMethod> = [.get, .head, HTTPMethod("COPY"), HTTPMethod("PURGE"), HTTPMethod("UNLOCK")]

    /// A `description`, written as text or as `{content, type}`.
    static func description(of node: JSONNode) throws(ImportProblem) -> String? {
        guard let description = node["description"] else { return nil }
        let text = description.isObject ? try description.string("content") : description.text
        return text.flatMap { $0.isEmpty ? nil : $0 }
    }

    mutating func description() throws(ImportProblem) -> RequestDescription {
        let request = item["request"]!
        guard request.isObject || request.value is String else { throw request.problem("expected a request object or a URL") }
        var description = RequestDescription(method: HTTPMethod(try request.string("method") ?? "GET"), url: "")
        guard let url = request.value is String ? request : request["url"] else {  // v2 allows the request to be its URL alone
            throw ImportProblem(source: request.source, place: request.pointer + "/url", "the request has no URL")
        }
        try applyURL(url, to: &description)
        let own = try Self.description(of: request)
        let itemDescription = try Self.description(of: item)
        description.description = own ?? itemDescription
        try applyHeaders(request, to: &description)
        try applyBody(request, to: &description)
        try applyAuth(try request.object("auth"), to: &description)
        try applyBehaviour(to: &description)
        try applyExamples(to: &description)
        reportUnknownBuiltIns(in: request)
        report.imported(item.path, "\(description.method.rawValue) \(description.url)")
        return description
    }

    /// Names each of Postman's dynamic variables the request uses that Ferry has no built-in for
    /// (`{{$randomFirstName}}`): the request cannot be sent until it has a value.
    private mutating func reportUnknownBuiltIns(in request: JSONNode) {
        var unknown: [String] = []
        func scan(_ value: Any) {
            switch value {
            case let text as String:
                for name in Template(text).variableNames where name.hasPrefix("$") && !name.hasPrefix("$env.") {
                    if !BuiltInVariable.names.contains(name), !unknown.contains(name) { unknown.append(name) }
                }
            case let array as [Any]: array.forEach(scan)
            case let object as [String: Any]: object.keys.sorted().forEach { scan(object[$0]!) }
            default: break
            }
        }
        scan(request.value)
        for name in unknown {
            report.dropped(
                request.path,
                "Postman's dynamic variable {{\(name)}} has no Ferry counterpart: give it a value (--var '\(name)=…' or an environment)")
        }
    }

    // MARK: - URL

    /// The URL without its query, the query as `params` (enabled entries, in order; disabled ones
    /// as `disabledParams`), `:name` path variables filled with their values.
    private mutating func applyURL(_ url: JSONNode, to description: inout RequestDescription) throws(ImportProblem) {
        var query: [(String, String)] = []
        var disabled: [(String, String)] = []
        if let text = url.value as? String {
            let (base, pairs) = URLQuery.split(text)
            description.url = base
            query = pairs
        } else {
            guard url.isObject else { throw url.problem("expected a URL string or object") }
            let raw = try url.string("raw") ?? ""
            let (rawBase, rawQuery) = URLQuery.split(raw)
            if let host = url["host"] {
                let hostText = host.isArray ? try host.elements().compactMap(\.text).joined(separator: ".") : host.text ?? ""
                var text =
                    (try url.string("protocol")).map { $0 + "://" }
                    ?? (rawBase.contains("://") ? String(rawBase.prefix { $0 != ":" }) + "://" : "")
                text += hostText
                if let port = try url.string("port") { text += ":" + port }
                if let path = url["path"] {
                    let segments =
                        path.isArray
                        ? try path.elements().map { segment throws(ImportProblem) in
                            segment.isObject ? try segment.string("value") ?? "" : segment.text ?? ""
                        } : [path.text ?? ""]
                    if !segments.isEmpty { text += "/" + segments.joined(separator: "/") }
                }
                description.url = text
            } else {
                description.url = rawBase
            }
            if let entries = try url.array("query") {
                for entry in entries {
                    guard let key = try entry.string("key") else { continue }
                    let value = try entry.string("value") ?? ""
                    let pair = (URLQuery.decoded(key), URLQuery.decoded(value))
                    if entry.isDisabled { disabled.append(pair) } else { query.append(pair) }
                }
            } else {
                query = rawQuery
            }
            try fillPathVariables(url, in: &description)
        }
        if let hash = description.url.firstIndex(of: "#") {
            report.dropped(url.path, "the fragment \(description.url[hash...]) is not sent by HTTP clients")
            description.url = String(description.url[..<hash])
        }
        URLQuery.apply(query, disabled: disabled, to: &description)
    }

    private mutating func fillPathVariables(_ url: JSONNode, in description: inout RequestDescription) throws(ImportProblem) {
        for variable in try url.array("variable") ?? [] {
            var named = try variable.string("key")
            if named == nil { named = try variable.string("id") }  // v2.0 names them by `id`
            guard let key = named else { continue }
            let value = try variable.string("value") ?? ""
            let replacement = value.isEmpty ? "{{\(key)}}" : value
            let segments = description.url.components(separatedBy: "/").map { $0 == ":" + key ? replacement : $0 }
            description.url = segments.joined(separator: "/")
            report.approximated(variable.path, "the path variable :\(key) is written into the URL as \(replacement)")
        }
    }

    // MARK: - Headers, body

    private mutating func applyHeaders(_ request: JSONNode, to description: inout RequestDescription) throws(ImportProblem) {
        guard let headers = request["header"] else { return }
        if let text = headers.text {  // v2.0 also allows `Name: value` lines
            for line in text.split(whereSeparator: \.isNewline) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                    report.dropped(headers.path, "\(name) is not a header name HTTP allows")
                    continue
                }
                description.headers.append(.init(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return
        }
        for header in try headers.elements() {
            guard var name = try header.string("key") else { throw header.problem("a header without a `key`") }
            // Postman sends no header for a row without a name (an empty row of its table).
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                if !(try header.string("value") ?? "").isEmpty {
                    report.dropped(header.path, "a header without a name is not sent by Postman")
                }
                continue
            }
            // Older Postman switched a header off by starting its name with `//`.
            var enabled = !header.isDisabled
            if name.hasPrefix("//") {
                name = String(name.dropFirst(2))
                enabled = false
            }
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                report.dropped(header.path, "\(name) is not a header name HTTP allows")
                continue
            }
            description.headers.append(.init(name: name, value: try header.string("value") ?? "", enabled: enabled))
        }
    }

    private mutating func applyBody(_ request: JSONNode, to description: inout RequestDescription) throws(ImportProblem) {
        guard let body = try request.object("body"), let mode = try body.string("mode"), !Self.isEmpty(body, mode: mode) else { return }
        if body.flag("disabled") {
            report.dropped(body.path, "the disabled \(mode) body is not imported")
            return
        }
        if Self.prunedMethods.contains(description.method), !(item["protocolProfileBehavior"]?.flag("disableBodyPruning") ?? false) {
            report.dropped(body.path, "Postman sends no body with \(description.method.rawValue) (unless body pruning is switched off)")
            return
        }
        let hasType = description.headers.contains { $0.enabled && $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        switch mode {
        case "raw":
            let language = try body.object("options")?.object("raw")?.string("language")
            let type = hasType ? nil : language.flatMap { Self.languageTypes[$0] }
            description.body = .raw(try body.string("raw") ?? "", contentType: type)
        case "urlencoded":
            var pairs: [(String, String)] = []
            var disabled: [(String, String)] = []
            for field in try body.array("urlencoded") ?? [] {
                guard let key = try field.string("key") else { continue }
                let value = try field.string("value") ?? ""
                if field.isDisabled { disabled.append((key, value)) } else { pairs.append((key, value)) }
            }
            for (key, value) in FormFields.apply(pairs, disabled: disabled, to: &description) {
                report.dropped(body.path, "the disabled form field \(key)=\(value) is not imported (query parameters are disabled too)")
            }
        case "formdata":
            description.body = .multipart(try parts(body))
        case "file":
            guard let path = try body.object("file")?.string("src"), !path.isEmpty else {
                report.dropped(body.path, "a binary body without a file")
                return
            }
            description.body = .file(path: path, contentType: nil)
            reads(path, "the body", at: body.path)
        case "graphql":
            let graphql = try body.object("graphql")
            let variables = (try graphql?.string("variables")).flatMap {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0
            }
            description.body = .graphql(
                GraphQLBody(query: try graphql?.string("query") ?? "", variables: variables, usesGET: description.method == .get))
        default:
            report.dropped(body.path, "a body of mode `\(mode)` is not imported")
        }
    }

    /// A body with nothing in it (`raw: ""`, no form fields), which Postman exports for every request.
    private static func isEmpty(_ body: JSONNode, mode: String) -> Bool {
        switch mode {
        case "raw": (body["raw"]?.text ?? "").isEmpty
        case "urlencoded", "formdata": ((body[mode]?.value as? [Any]) ?? []).isEmpty
        default: false
        }
    }

    private mutating func parts(_ body: JSONNode) throws(ImportProblem) -> [RequestDescription.MultipartPart] {
        var parts: [RequestDescription.MultipartPart] = []
        for field in try body.array("formdata") ?? [] {
            guard let key = try field.string("key") else { continue }
            if field.isDisabled {
                report.dropped(field.path, "the disabled form part \(key) is not imported")
                continue
            }
            let type = try field.string("contentType").flatMap { $0.isEmpty ? nil : $0 }
            guard try field.string("type") == "file" else {
                parts.append(.init(name: key, value: .text(try field.string("value") ?? ""), contentType: type))
                continue
            }
            let sources =
                try field["src"].map { source throws(ImportProblem) in
                    source.isArray ? try source.elements().compactMap(\.text) : [source.text ?? ""]
                } ?? []
            let paths = sources.filter { !$0.isEmpty }
            if paths.isEmpty { report.dropped(field.path, "the file part \(key) names no file") }
            for path in paths {
                parts.append(.init(name: key, value: .file(path: path), contentType: type))
                reads(path, "the file part \(key)", at: field.path)
            }
        }
        return parts
    }

    // MARK: - Auth, options, examples

    /// The request's `own` auth, else the inherited one.
    private mutating func applyAuth(_ own: JSONNode?, to description: inout RequestDescription) throws(ImportProblem) {
        guard let auth = own.flatMap({ $0.text(of: "type") == "inherit" ? nil : $0 }) ?? inheritedAuth,
            let type = try auth.string("type")
        else { return }
        let place = own == nil ? "\(item.path) (inherited from \(auth.path))" : auth.path
        let values = try Self.authValues(auth, type: type)
        switch type {
        case "noauth":
            break
        case "basic":
            description.auth = .basic(username: values["username"] ?? "", password: values["password"] ?? "")
        case "bearer":
            description.auth = .bearer(token: values["token"] ?? "")
        case "digest":
            description.auth = .digest(username: values["username"] ?? "", password: values["password"] ?? "")
            let given = ["realm", "nonce", "algorithm", "qop", "nonceCount", "clientNonce", "opaque"].filter { !(values[$0] ?? "").isEmpty }
            if !given.isEmpty {
                report.approximated(
                    place, "the \(given.joined(separator: ", ")) given are not used: libcurl takes them from the server's challenge")
            }
        case "apikey":
            let placement: APIKey.Placement = values["in"] == "query" ? .query : .header
            description.auth = .apiKey(APIKey(name: values["key"] ?? "X-API-Key", value: values["value"] ?? "", placement: placement))
        case "awsv4":
            description.auth = .awsSigV4(
                AWSSignature(
                    region: values["region"] ?? "us-east-1", service: values["service"] ?? "execute-api",
                    accessKey: values["accessKey"] ?? "", secretKey: values["secretKey"] ?? "",
                    sessionToken: values["sessionToken"].flatMap { $0.isEmpty ? nil : $0 }))
            for key in ["region", "service"] where values[key] == nil {
                report.approximated(
                    "\(place).\(key)",
                    "not given: \(key == "region" ? "us-east-1" : "execute-api") is assumed (Postman guesses it from the host)")
            }
        case "oauth2":
            applyOAuth2(values, place: place, to: &description)
        default:
            report.dropped(place, "\(type) authentication is not supported yet; the request is imported without it")
        }
    }

    /// Postman's OAuth 2.0 as Ferry's `auth: oauth2`: client credentials as they are, the
    /// authorization code grant with PKCE (which Ferry always uses). The password and implicit
    /// grants, which Ferry does not run, send the token Postman saved with the collection, if any.
    private mutating func applyOAuth2(_ values: [String: String], place: String, to description: inout RequestDescription) {
        let grant = values["grant_type"] ?? "authorization_code"
        var settings = OAuth2Settings(
            tokenURL: values["accessTokenUrl"] ?? "", authorizationURL: values["authUrl"] ?? "", clientID: values["clientId"] ?? "",
            clientSecret: values["clientSecret"] ?? "", scope: values["scope"] ?? "", audience: values["audience"] ?? "",
            clientAuthentication: values["client_authentication"] == "body" ? .body : .header,
            callbackURL: values["redirect_uri"].flatMap { $0.hasPrefix("http://127.0.0.1") || $0.hasPrefix("http://localhost") ? $0 : nil }
                ?? "")
        switch grant {
        case "client_credentials":
            settings.grant = .clientCredentials
        case "authorization_code", "authorization_code_with_pkce":
            settings.grant = .authorizationCode
            if grant == "authorization_code" {
                report.approximated(place, "the authorization code grant is run with PKCE (S256), as Ferry always does")
            }
            if let redirect = values["redirect_uri"], !redirect.isEmpty, settings.callbackURL.isEmpty {
                report.approximated(
                    place,
                    "the redirect URI \(redirect) is not a loopback address: Ferry listens on 127.0.0.1 (register it with the server)")
            }
        default:
            if let token = values["accessToken"], !token.isEmpty {
                description.auth = .bearer(token: token)
                report.approximated(place, "the \(grant) grant is not run by Ferry: the token Postman saved is sent as a bearer token")
            } else {
                report.dropped(place, "the \(grant) grant is not run by Ferry; the request is imported without credentials")
            }
            return
        }
        description.auth = .oauth2(settings)
        if values["addTokenTo"] == "queryParams" {
            report.approximated(place, "the token goes in the Authorization header, not the query (addTokenTo: queryParams)")
        }
    }

    /// An auth's settings: v2.1 lists `{key, value}` pairs, v2.0 an object.
    static func authValues(_ auth: JSONNode, type: String) throws(ImportProblem) -> [String: String] {
        guard let settings = auth[type] else { return [:] }
        if settings.isArray {
            var values: [String: String] = [:]
            for pair in try settings.elements() {
                // Lists of extra parameters (`tokenRequestParams`) are not text: they are not read.
                if let key = try pair.string("key") { values[key] = pair["value"]?.text ?? "" }
            }
            return values
        }
        guard let object = settings.value as? [String: Any] else { throw settings.problem("expected the \(type) settings") }
        return object.keys.reduce(into: [:]) { values, key in values[key] = settings[key]?.text }
    }

    /// `protocolProfileBehavior`: redirects and TLS verification map to options; the rest is noted.
    private mutating func applyBehaviour(to description: inout RequestDescription) throws(ImportProblem) {
        guard let behaviour = try item.object("protocolProfileBehavior"), let keys = (behaviour.value as? [String: Any])?.keys else {
            return
        }
        for key in keys.sorted() {
            switch key {
            case "followRedirects": description.options.followRedirects = behaviour.flag(key)
            case "strictSSL": description.options.tls.verifyPeer = behaviour.flag(key)
            case "disableBodyPruning": break  // Ferry always sends the body it is given
            default: report.dropped("\(behaviour.path).\(key)", "a Postman setting Ferry does not have")
            }
        }
    }

    /// Saved responses as examples: name, status code, headers and body text.
    private mutating func applyExamples(to description: inout RequestDescription) throws(ImportProblem) {
        for response in try item.array("response") ?? [] {
            let code = try response.string("code").flatMap { Int($0) } ?? 0
            var headers: [HTTPHeader] = []
            if let list = response["header"], list.isArray {
                for header in try list.elements() {
                    if let name = try header.string("key") {
                        headers.append(HTTPHeader(name: name, value: try header.string("value") ?? ""))
                    }
                }
            }
            let status = try response.string("status") ?? ""
            let name = try response.string("name") ?? "\(code) \(status)"
            description.examples.append(.init(name: name, status: code, headers: headers, body: try response.string("body")))
            report.imported(response.path, "example \(name)")
        }
    }
}

private extension JSONNode {
    /// A member's text, without throwing (for checks).
    func text(of key: String) -> String? { self[key]?.text }
}
