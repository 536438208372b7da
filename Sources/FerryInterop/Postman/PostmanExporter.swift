import FerryCore
import Foundation

/// Writes a collection as a Postman v2.1 collection (folders, requests, auth, examples) and its
/// environments as Postman environment files. What Postman cannot hold is named in the report;
/// secret values are left empty (typed `secret`) unless `reveal`.
public struct PostmanExporter {
    public static let schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// Write secret values instead of leaving them empty.
    public var reveal = false
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The collection document: `collection`'s requests in folders by their paths, each with its
    /// folders' base URL and headers applied.
    public mutating func collection(_ collection: ImportedCollection, name: String) throws -> Data {
        var root: [String: Any] = [
            "info": ["name": name, "schema": Self.schema].merging(
                collection.folders[""]?.description.map { ["description": $0] } ?? [:]
            ) { $1 }
        ]
        root["item"] = try items(in: "", of: collection)
        if let scripts = collection.folders[""]?.scripts.last, let events = events(scripts, place: "collection") { root["event"] = events }
        return try Self.encode(root)
    }

    /// A Postman environment file.
    public func environment(_ environment: ImportedCollection.Environment) throws -> Data {
        let values = environment.variables.map { variable -> [String: Any] in
            [
                "key": variable.name, "value": variable.isSecret && !reveal ? "" : variable.value,
                "type": variable.isSecret ? "secret" : "default", "enabled": true,
            ]
        }
        return try Self.encode(["name": environment.name, "values": values, "_postman_variable_scope": "environment"])
    }

    private static func encode(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            + Data("\n".utf8)
    }

    // MARK: - Items

    /// The scripts as Postman events (`prerequest`, `test`); a post-response script runs before the
    /// tests in Ferry and is written at the start of Postman's test script. Nil when there are none.
    private mutating func events(_ scripts: RequestScripts, place: String) -> [[String: Any]]? {
        var events: [[String: Any]] = []
        func event(_ listen: String, _ text: String) -> [String: Any] {
            ["listen": listen, "script": ["type": "text/javascript", "exec": text.components(separatedBy: "\n")]]
        }
        if let pre = scripts.preRequest { events.append(event("prerequest", pre.text)) }
        let after = [scripts.postResponse, scripts.tests].compactMap { $0?.text }
        if scripts.postResponse != nil { report.approximated(place, "the post-response script is written at the start of the test script") }
        if !after.isEmpty { events.append(event("test", after.joined(separator: "\n"))) }
        return events.isEmpty ? nil : events
    }

    /// The folder's requests (by file name) and then its subfolders (by name).
    private mutating func items(in folder: String, of collection: ImportedCollection) throws -> [[String: Any]] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var list: [[String: Any]] = []
        var subfolders = Set<String>()
        for request in collection.requests.sorted(by: { $0.path < $1.path }) where request.path.hasPrefix(prefix) {
            let rest = request.path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                subfolders.insert(String(rest[..<slash]))
            } else if request.description.isGRPC {
                report.dropped(
                    request.path,
                    "the gRPC request (\(request.description.url)) is left out: a Postman v2.1 collection holds HTTP requests only "
                        + "(Postman keeps gRPC requests apart); ferry export grpcurl writes it as a command")
            } else {
                list.append(try item(request, defaults: collection.defaults(forFolder: folder)))
            }
        }
        for name in subfolders.sorted() {
            let path = prefix + name
            var entry: [String: Any] = ["name": name, "item": try items(in: path, of: collection)]
            if let description = collection.folders[path]?.description { entry["description"] = description }
            if let scripts = collection.folders[path]?.scripts.last, let events = events(scripts, place: path) { entry["event"] = events }
            list.append(entry)
        }
        return list
    }

    private mutating func item(_ source: ImportedCollection.Request, defaults: FolderDefaults) throws -> [String: Any] {
        let description = source.description
        let place = source.path
        let title = description.name ?? String((source.path as NSString).lastPathComponent.dropLast(RequestFileName.suffix.count))
        var request: [String: Any] = ["method": description.sentMethod.rawValue]
        var url = description.url
        if let base = defaults.baseURL, !url.contains("://") {
            url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + (url.hasPrefix("/") || url.isEmpty ? url : "/" + url)
            report.approximated(place, "the folder's base URL is written into the URL")
        }
        let disabledQuery = description.disabledParamsAreFormFields ? nil : description.disabledParams
        request["url"] = self.url(url, params: description.params, disabled: disabledQuery, style: description.parameterStyle)
        var headers = description.headers
        let own = Set(headers.map { $0.name.lowercased() })
        let inherited = defaults.headers.filter { !own.contains($0.name.lowercased()) }
        if !inherited.isEmpty {
            headers = inherited + headers
            report.approximated(
                place, "the folder's headers (\(inherited.map(\.name).joined(separator: ", "))) are written into the request")
        }
        if !description.cookies.isEmpty {
            headers.append(.init(name: "Cookie", value: RequestDescription.CookieEntry.field(description.cookies)))
            report.approximated(place, "the cookies are written as a Cookie header, which is not sent on to another host after a redirect")
        }
        if let body = try body(description, place: place, headers: &headers) { request["body"] = body }
        request["header"] = headers.map { header -> [String: Any] in
            var entry: [String: Any] = ["key": header.name, "value": header.value]
            if !header.enabled { entry["disabled"] = true }
            return entry
        }
        if let auth = description.auth { request["auth"] = Self.auth(auth) }
        if let text = description.description { request["description"] = text }
        var item: [String: Any] = ["name": title, "request": request]
        if let events = events(description.scripts, place: place) { item["event"] = events }
        item["response"] = description.examples.map { example -> [String: Any] in
            var response: [String: Any] = [
                "name": example.name, "code": example.status, "header": example.headers.map { ["key": $0.name, "value": $0.value] },
            ]
            if let body = example.body { response["body"] = body }
            return response
        }
        var behaviour: [String: Any] = [:]
        if !description.options.followRedirects { behaviour["followRedirects"] = false }
        if !description.options.tls.verifyPeer { behaviour["strictSSL"] = false }
        if description.body != .none, PostmanRequestReader.prunedMethods.contains(description.sentMethod) {
            behaviour["disableBodyPruning"] = true
        }
        if !behaviour.isEmpty { item["protocolProfileBehavior"] = behaviour }
        var rest = description.options
        rest.followRedirects = true
        rest.tls.verifyPeer = true
        rest.defaultHeaders = nil
        if rest != RequestOptions() {
            report.dropped(place, "transfer options (time limits, redirect limit, TLS files, HTTP version, rates) have no place in Postman")
        }
        if description.expectations != nil {
            report.dropped(place, "response expectations are not exported (Postman checks responses with scripts)")
        }
        report.imported(place, "\(description.sentMethod.rawValue) \(url)")
        return item
    }

    /// Postman's URL object: the raw text, its parts, and the query as entries (`disabled` ones last).
    private func url(_ text: String, params: Parameters?, disabled: Parameters?, style: ParameterStyle) -> [String: Any] {
        let query = Self.pairs(params, style: style)
        let raw = text + (query.isEmpty ? "" : (text.contains("?") ? "&" : "?") + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
        var object: [String: Any] = ["raw": raw]
        var rest = Substring(text.prefix { $0 != "?" })
        if let scheme = rest.range(of: "://") {
            object["protocol"] = String(rest[..<scheme.lowerBound])
            rest = rest[scheme.upperBound...]
        }
        var segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var host = segments.isEmpty ? "" : segments.removeFirst()
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("}}"), Int(host[host.index(after: colon)...]) != nil {
            object["port"] = String(host[host.index(after: colon)...])
            host = String(host[..<colon])
        }
        object["host"] = host.hasPrefix("{{") ? [host] : host.split(separator: ".").map(String.init)
        if !segments.isEmpty { object["path"] = segments }
        let entries = Self.entries(query) + Self.entries(Self.pairs(disabled, style: style), disabled: true)
        if !entries.isEmpty { object["query"] = entries }
        return object
    }

    /// Parameters as Postman's key-value pairs (an array's items joined by commas).
    private static func pairs(_ parameters: Parameters?, style: ParameterStyle) -> [(String, String)] {
        parameters.map { style.query.pairs(key: nil, value: $0).map { ($0.field, $0.values?.joined(separator: ",") ?? "") } } ?? []
    }

    /// Postman's `{key, value, disabled?}` entries.
    private static func entries(_ pairs: [(String, String)], disabled: Bool = false) -> [[String: Any]] {
        pairs.map { disabled ? ["key": $0.0, "value": $0.1, "disabled": true] : ["key": $0.0, "value": $0.1] }
    }

    private mutating func body(
        _ description: RequestDescription, place: String, headers: inout [RequestDescription.HeaderEntry]
    ) throws -> [String: Any]? {
        switch description.body {
        case .none:
            return nil
        case .raw(let text, let type):
            return raw(text, type: type, headers: &headers)
        case .bytes(let data, let type):
            guard let text = String(data: data, encoding: .utf8) else {
                report.dropped(place, "a body of \(data.count) bytes that are not text: Postman keeps raw bodies as text")
                return nil
            }
            return raw(text, type: type, headers: &headers)
        case .json(let value):
            report.approximated(place, "the JSON body is written as raw JSON text")
            let text = try JSONRequestSerializer(pretty: description.parameterStyle.prettyJSON).serialize(value)
            return raw(String(decoding: text, as: UTF8.self), type: "application/json", headers: &headers)
        case .plist(let value):
            report.approximated(
                place,
                "the property-list body is written as raw XML text\(description.parameterStyle.plistFormat == .xml ? "" : ", not binary")")
            return raw(
                String(decoding: try PropertyListRequestSerializer(format: .xml).serialize(value), as: UTF8.self),
                type: "application/x-plist", headers: &headers)
        case .form(let value):
            let style = description.parameterStyle
            let disabled = description.disabledParamsAreFormFields ? description.disabledParams : nil
            return [
                "mode": "urlencoded",
                "urlencoded": Self.entries(Self.pairs(value, style: style))
                    + Self.entries(Self.pairs(disabled, style: style), disabled: true),
            ]
        case .multipart(let parts):
            return [
                "mode": "formdata",
                "formdata": parts.map { part -> [String: Any] in
                    var entry: [String: Any] = ["key": part.name]
                    switch part.value {
                    case .text(let text): entry["type"] = "text"; entry["value"] = text
                    case .file(let path): entry["type"] = "file"; entry["src"] = path
                    }
                    if let type = part.contentType { entry["contentType"] = type }
                    return entry
                },
            ]
        case .file(let path, let type):
            if let type { setContentType(type, in: &headers) }
            return ["mode": "file", "file": ["src": path]]
        case .graphql(let graphQL):
            if let name = graphQL.operationName, !name.isEmpty {
                report.dropped(
                    place,
                    "the GraphQL operation name \(name): Postman's GraphQL body has none (it runs the query's only or first operation)")
            }
            return ["mode": "graphql", "graphql": ["query": graphQL.query, "variables": graphQL.variables ?? ""]]
        case .grpc:
            return nil  // a gRPC request is left out whole (`items`)
        }
    }

    /// A raw body: its type as Postman's language when it has one, else as a Content-Type header.
    private func raw(_ text: String, type: String?, headers: inout [RequestDescription.HeaderEntry]) -> [String: Any] {
        var body: [String: Any] = ["mode": "raw", "raw": text]
        if let type {
            if let language = PostmanRequestReader.languageTypes.first(where: { $0.value == type })?.key {
                body["options"] = ["raw": ["language": language]]
            } else {
                setContentType(type, in: &headers)
            }
        }
        return body
    }

    private func setContentType(_ type: String, in headers: inout [RequestDescription.HeaderEntry]) {
        guard !headers.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) else { return }
        headers.append(.init(name: "Content-Type", value: type))
    }

    private static func auth(_ credentials: Authentication) -> [String: Any] {
        switch credentials {
        case .basic(let username, let password):
            [
                "type": "basic",
                "basic": [
                    ["key": "username", "value": username, "type": "string"], ["key": "password", "value": password, "type": "string"],
                ],
            ]
        case .bearer(let token):
            ["type": "bearer", "bearer": [["key": "token", "value": token, "type": "string"]]]
        case .digest(let username, let password):
            [
                "type": "digest",
                "digest": [
                    ["key": "username", "value": username, "type": "string"], ["key": "password", "value": password, "type": "string"],
                ],
            ]
        case .apiKey(let key):
            [
                "type": "apikey",
                "apikey": [
                    ["key": "key", "value": key.name, "type": "string"], ["key": "value", "value": key.value, "type": "string"],
                    ["key": "in", "value": key.placement.rawValue, "type": "string"],
                ],
            ]
        case .awsSigV4(let signature):
            [
                "type": "awsv4",
                "awsv4": [
                    ["key": "accessKey", "value": signature.accessKey, "type": "string"],
                    ["key": "secretKey", "value": signature.secretKey, "type": "string"],
                    ["key": "region", "value": signature.region, "type": "string"],
                    ["key": "service", "value": signature.service, "type": "string"],
                ]
                    + (signature.sessionToken.map { [["key": "sessionToken", "value": $0, "type": "string"]] } ?? []),
            ]
        case .oauth2(let settings):
            [
                "type": "oauth2",
                "oauth2": [
                    ("grant_type", settings.grant == .clientCredentials ? "client_credentials" : "authorization_code_with_pkce"),
                    ("accessTokenUrl", settings.tokenURL), ("authUrl", settings.authorizationURL), ("clientId", settings.clientID),
                    ("clientSecret", settings.clientSecret), ("scope", settings.scope), ("challengeAlgorithm", "S256"),
                    ("client_authentication", settings.clientAuthentication == .header ? "header" : "body"), ("addTokenTo", "header"),
                    ("redirect_uri", settings.callbackURL),
                ].map { ["key": $0.0, "value": $0.1, "type": "string"] },
            ]
        }
    }
}
