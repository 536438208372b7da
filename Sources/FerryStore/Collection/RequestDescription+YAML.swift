import FerryCore
import Foundation
import Yams

/// Reading a `.ferry.yaml` file: an explicit mapping, so an unknown key or a wrong value is reported
/// with its line and column.
extension RequestDescription {
    static let keys = [
        "name", "description", "method", "url", "params", "disabledParams", "encoding", "headers", "cookies", "body", "auth", "options",
        "validation",
        "serializer",
        "expect", "capture", "retry", "skip", "vars", "examples", "scripts",
    ]

    /// Parses the text of a request file; `path` is only used in problems.
    public init(yaml text: String, path: String) throws(ConfigProblem) {
        var file = try YAMLFile(text: text, path: path, resolver: .basic)
        file.reportsColumns = true
        try self.init(file: file)
    }

    /// Reads and parses the request file at `path`; the schema files its checks name must be in
    /// `collection` (its root), or without one in the request file's folder.
    public init(contentsOf path: String, collection: String? = nil) throws(ConfigProblem) {
        var file = try YAMLFile(path: path, resolver: .basic)
        file.reportsColumns = true
        file.boundary = collection
        try self.init(file: file)
    }

    init(file: YAMLFile) throws(ConfigProblem) {
        let fields = try file.fields(of: file.root, key: "", allowed: Self.keys)
        guard let urlNode = fields.first(where: { $0.key == "url" })?.value else {
            throw file.problem(at: file.root, key: "url", "is missing (every request needs a URL)")
        }
        self.init(url: try file.string(urlNode, key: "url"))
        for (key, _, value) in fields {
            switch key {
            case "name": name = try file.string(value, key: key)
            case "description": description = try file.string(value, key: key)
            case "method":
                method = HTTPMethod(try file.string(value, key: key).uppercased())
                guard method.isValidToken else { throw file.problem(at: value, key: key, "is not a valid HTTP method") }
            case "params", "disabledParams":
                let tree = try file.parameters(value, key: key)
                guard case .object = tree else { throw file.problem(at: value, key: key, "expected a mapping of names to values") }
                if key == "params" { params = tree } else { disabledParams = tree }
            case "encoding": parameterStyle = try Self.parameterStyle(value, in: file)
            case "headers": headers = try Self.headers(value, key: key, in: file)
            case "cookies": cookies = try Self.cookies(value, in: file)
            case "body": body = try Self.body(value, in: file)
            case "auth": auth = try Authentication(yaml: value, in: file)
            case "options": (options, connection, output, delay) = try Self.options(value, in: file)
            case "validation": try Self.validation(value, in: file, into: &expectations)
            case "serializer":
                let name = try file.string(value, key: key)
                guard let kind = SerializerKind(rawValue: name) else {
                    throw file.problem(
                        at: value, key: key, "expected one of \(SerializerKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                expectations = expectations ?? ResponseExpectations()
                expectations!.serializer = kind
            case "expect": assertions = try Self.assertions(value, in: file)
            case "capture": captures = try Self.captures(value, in: file)
            case "retry": retry = try Self.retry(value, in: file)
            case "skip": skip = try file.string(value, key: key)
            case "vars": (variables, chains) = try file.variables(of: value, key: key)
            case "examples": examples = try Self.examples(value, in: file)
            case "scripts": scripts = try RequestScripts(yaml: value, key: key, in: file)
            default: break
            }
        }
    }

    /// `encoding: {arrays: indices, keyOrder: sorted, prettyJSON: true, plist: binary}`, each optional.
    private static func parameterStyle(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> ParameterStyle {
        var style = ParameterStyle()
        for (field, _, value) in try file.fields(of: node, key: "encoding", allowed: ["arrays", "keyOrder", "prettyJSON", "plist"]) {
            let key = "encoding.\(field)"
            switch field {
            case "arrays": style.arrayStyle = try choice(value, key: key, in: file)
            case "keyOrder":
                let order = try file.string(value, key: key)
                guard order == "kept" || order == "sorted" else { throw file.problem(at: value, key: key, "expected kept or sorted") }
                style.keepsKeyOrder = order == "kept"
            case "prettyJSON": style.prettyJSON = try file.bool(value, key: key)
            default: style.plistFormat = try choice(value, key: key, in: file)
            }
        }
        return style
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: Node, key: String, in file: YAMLFile
    ) throws(ConfigProblem) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: try file.string(node, key: key)) else {
            throw file.problem(at: node, key: key, "expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    /// `- Name: value` items, or `- {name: X, value: y, enabled: false}` for a disabled one.
    static func headers(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> [HeaderEntry] {
        var headers: [HeaderEntry] = []
        for (index, item) in try file.items(of: node, key: key).enumerated() {
            let path = "\(key)[\(index)]"
            let entries = try file.entries(of: item, key: path)
            if entries.count == 1, entries[0].key != "name" {
                headers.append(
                    HeaderEntry(name: entries[0].key, value: try file.string(entries[0].value, key: "\(path).\(entries[0].key)")))
                continue
            }
            var header = HeaderEntry(name: "", value: "")
            for (field, _, value) in try file.fields(of: item, key: path, allowed: ["name", "value", "enabled"]) {
                switch field {
                case "name": header.name = try file.string(value, key: "\(path).name")
                case "value": header.value = try file.string(value, key: "\(path).value")
                default: header.enabled = try file.bool(value, key: "\(path).enabled")
                }
            }
            guard !header.name.isEmpty, header.name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                throw file.problem(at: item, key: path, "expected `Name: value` with a valid header name")
            }
            headers.append(header)
        }
        return headers
    }

    /// `cookies: {name: value, …}`: names are cookie names (tokens) or `{{variables}}`.
    private static func cookies(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> [CookieEntry] {
        var cookies: [CookieEntry] = []
        for (name, keyNode, value) in try file.entries(of: node, key: "cookies") {
            guard !name.isEmpty, name.contains("{{") || name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                throw file.problem(at: keyNode, key: "cookies.\(name)", "is not a valid cookie name")
            }
            cookies.append(CookieEntry(name: name, value: try file.string(value, key: "cookies.\(name)")))
        }
        return cookies
    }

    private static func body(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> Body {
        let fields = try file.fields(
            of: node, key: "body",
            allowed: ["raw", "verbatim", "json", "form", "multipart", "plist", "file", "graphql", "grpc", "contentType"])
        let kinds = fields.filter { $0.key != "contentType" }
        guard kinds.count == 1, let (kind, _, value) = kinds.first else {
            throw file.problem(
                at: node, key: "body", "expected exactly one of raw, verbatim, json, form, multipart, plist, file, graphql, grpc")
        }
        let contentTypeNode = fields.first { $0.key == "contentType" }
        let contentType = try contentTypeNode.map { entry throws(ConfigProblem) in try file.string(entry.value, key: "body.contentType") }
        if let contentTypeNode, !["raw", "verbatim", "file"].contains(kind) {
            throw file.problem(
                at: contentTypeNode.keyNode, key: "body.contentType",
                "only applies to raw, verbatim and file bodies (add a Content-Type header instead)")
        }
        let key = "body.\(kind)"
        switch kind {
        case "raw": return .raw(try file.string(value, key: key), contentType: contentType)
        case "verbatim": return .bytes(Data(try file.string(value, key: key).utf8), contentType: contentType)
        case "json": return .json(try file.parameters(value, key: key))
        case "form": return .form(try file.parameters(value, key: key))
        case "plist": return .plist(try file.parameters(value, key: key))
        case "file": return .file(path: try file.string(value, key: key), contentType: contentType)
        case "graphql": return .graphql(try GraphQLBody(yaml: value, key: key, in: file))
        case "grpc": return .grpc(try GRPCBody(yaml: value, key: key, in: file))
        default: return .multipart(try multipartParts(value, key: key, in: file))
        }
    }

    private static func multipartParts(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> [MultipartPart] {
        var parts: [MultipartPart] = []
        for (index, item) in try file.items(of: node, key: key).enumerated() {
            let path = "\(key)[\(index)]"
            var name: String?
            var value: MultipartPart.Value?
            var part = MultipartPart(name: "", value: .text(""))
            for (field, _, fieldValue) in try file.fields(
                of: item, key: path, allowed: ["name", "value", "file", "contentType", "fileName"])
            {
                let text = try file.string(fieldValue, key: "\(path).\(field)")
                switch field {
                case "name": name = text
                case "value", "file":
                    guard value == nil else { throw file.problem(at: item, key: path, "give either value or file, not both") }
                    value = field == "value" ? .text(text) : .file(path: text)
                case "contentType": part.contentType = text
                default: part.fileName = text
                }
            }
            guard let name, let value else { throw file.problem(at: item, key: path, "a part needs a name and a value or file") }
            part.name = name
            part.value = value
            parts.append(part)
        }
        return parts
    }

    /// `options:`: the transfer's, the connection's, and the run's: `output` (where the body is
    /// written) and `delay` (milliseconds before it is sent).
    private static func options(
        _ node: Node, in file: YAMLFile
    ) throws(ConfigProblem) -> (RequestOptions, ConnectionSettings, output: String?, delay: Int?) {
        var options = RequestOptions()
        var connection = ConnectionSettings()
        var output: String?
        var delay: Int?
        let allowed =
            [
                "timeout", "connectTimeout", "followRedirects", "maxRedirects", "verifyTLS", "caFile", "pinnedPublicKey",
                "httpVersion", "decompress", "defaultHeaders", "uploadRate", "downloadRate", "locationTrusted", "output", "delay",
            ] + ConnectionSettings.keys
        for (field, _, value) in try file.fields(of: node, key: "options", allowed: allowed) {
            let key = "options.\(field)"
            if ConnectionSettings.keys.contains(field) {
                connection[field] = try file.string(value, key: key)
                continue
            }
            switch field {
            case "timeout": options.totalTimeout = try file.seconds(value, key: key)
            case "connectTimeout": options.connectTimeout = try file.seconds(value, key: key)
            case "followRedirects": options.followRedirects = try file.bool(value, key: key)
            case "maxRedirects": options.maxRedirects = try file.int(value, key: key, in: 0...1000)
            case "verifyTLS": options.tls.verifyPeer = try file.bool(value, key: key)
            case "decompress": options.decompress = try file.bool(value, key: key)
            case "defaultHeaders": options.defaultHeaders = try file.bool(value, key: key)
            case "caFile": options.tls.caFile = try file.string(value, key: key)
            case "pinnedPublicKey": options.tls.pinnedPublicKey = try file.string(value, key: key)
            case "locationTrusted": options.keepsCredentialsOnRedirect = try file.bool(value, key: key) ? true : nil
            case "delay": delay = try file.int(value, key: key, in: 0...600_000)
            case "output":
                output = try file.string(value, key: key)
                guard output?.isEmpty == false else {
                    throw file.problem(at: value, key: key, "expected a file path, or - for standard output")
                }
            case "uploadRate", "downloadRate":
                guard let rate = RequestOptions.parseRate(try file.string(value, key: key)) else {
                    throw file.problem(at: value, key: key, "expected bytes per second, e.g. 512000, 500K or 2M")
                }
                if field == "uploadRate" { options.maxUploadRate = rate } else { options.maxDownloadRate = rate }
            default:
                let text = try file.string(value, key: key)
                guard let version = Self.httpVersions.first(where: { $0.name == text })?.version else {
                    throw file.problem(at: value, key: key, "expected \(Self.httpVersions.map(\.name).joined(separator: ", "))")
                }
                options.httpVersion = version
            }
        }
        return (options, connection, output, delay)
    }

    /// The names of HTTP versions in files.
    static let httpVersions: [(name: String, version: HTTPVersionPreference)] = [
        ("auto", .automatic), ("1.1", .http1_1), ("2", .http2), ("2-prior-knowledge", .http2PriorKnowledge),
    ]

    /// `validation: {status: 200-299,304, contentTypes: [application/json]}` into `expectations`.
    private static func validation(_ node: Node, in file: YAMLFile, into expectations: inout ResponseExpectations?) throws(ConfigProblem) {
        var result = expectations ?? ResponseExpectations()
        for (field, _, value) in try file.fields(of: node, key: "validation", allowed: ["status", "contentTypes"]) {
            if field == "status" {
                guard let codes = StatusCodeSet(parsing: try file.string(value, key: "validation.status")) else {
                    throw file.problem(at: value, key: "validation.status", "expected codes or ranges of 100-599 such as 200-299,304")
                }
                result.statusCodes = codes
            } else {
                let types = try file.strings(value, key: "validation.contentTypes")
                for type in types where MediaType(type) == nil {
                    throw file.problem(at: value, key: "validation.contentTypes", "`\(type)` is not a media type")
                }
                result.contentTypes = types.isEmpty ? nil : types
            }
        }
        expectations = result
    }

    private static func examples(_ node: Node, in file: YAMLFile) throws(ConfigProblem) -> [Example] {
        var examples: [Example] = []
        for (index, item) in try file.items(of: node, key: "examples").enumerated() {
            let path = "examples[\(index)]"
            var example = Example(name: "", status: 200)
            for (field, _, value) in try file.fields(of: item, key: path, allowed: ["name", "status", "headers", "body"]) {
                switch field {
                case "name": example.name = try file.string(value, key: "\(path).name")
                case "status": example.status = try file.int(value, key: "\(path).status", in: 100...599)
                case "headers":
                    example.headers = try headers(value, key: "\(path).headers", in: file).map {
                        HTTPHeader(name: $0.name, value: $0.value)
                    }
                default: example.body = try file.string(value, key: "\(path).body")
                }
            }
            examples.append(example)
        }
        return examples
    }
}
