import Yams

/// A Swagger 2.0 document rewritten as the OpenAPI 3.0 document it describes, as swagger2openapi
/// does, so one OpenAPI reader imports both: `host`, `basePath` and `schemes` become `servers`;
/// `definitions`, `parameters`, `responses` and `securityDefinitions` move under `components`
/// (references rewritten); a `body` parameter becomes the request body for each media type the
/// operation consumes, `formData` parameters a form or multipart body; response schemas and
/// examples become content for each media type it produces; `type: file` is a binary string.
public enum SwaggerConverter {
    /// A Swagger 2.0 document's text (YAML or JSON) as the OpenAPI 3.0 document it describes, in
    /// YAML: for readers of OpenAPI 3 alone (`ferry mock`). Nil when the text cannot be read as a
    /// mapping; references to other files are not followed.
    public static func openAPI3(fromSwagger text: String) -> String? {
        guard let node = try? Yams.compose(yaml: text, Resolver.basic.appending(.merge)), node.mapping != nil else { return nil }
        return try? Yams.serialize(node: convert(node))
    }

    static func convert(_ document: Node) -> Node {
        let root = document.mapping ?? Node.Mapping([])
        let consumes = strings(root["consumes"]) ?? ["application/json"]
        let produces = strings(root["produces"]) ?? ["application/json"]
        let globalParameters = root["parameters"]?.mapping
        var components: [(String, Node?)] = [("schemas", root["definitions"])]
        if let parameters = globalParameters {
            let plain = parameters.filter { !isBodyLike($0.value) }.map { ($0.key, parameter($0.value)) }
            if !plain.isEmpty { components.append(("parameters", Node(plain, tag))) }
        }
        if let responses = root["responses"]?.mapping {
            components.append(("responses", Node(responses.map { ($0.key, response($0.value, produces: produces)) }, tag)))
        }
        if let schemes = root["securityDefinitions"]?.mapping {
            components.append(("securitySchemes", Node(schemes.map { ($0.key, securityScheme($0.value)) }, tag)))
        }
        var paths: [(Node, Node)] = []
        for (path, item) in root["paths"]?.mapping ?? Node.Mapping([]) {
            paths.append((path, pathItem(item, consumes: consumes, produces: produces, globalParameters: globalParameters)))
        }
        let converted = mapping([
            ("openapi", text("3.0.3")), ("info", root["info"]), ("externalDocs", root["externalDocs"]),
            ("servers", servers(root)), ("tags", root["tags"]), ("security", root["security"]),
            ("paths", Node(paths, tag)), ("components", mapping(components)),
        ])
        return rewritingReferences(converted)
    }

    // MARK: - Parts

    private static func servers(_ root: Node.Mapping) -> Node? {
        let basePath = root["basePath"]?.string ?? ""
        guard let host = root["host"]?.string else { return basePath.isEmpty ? nil : list([mapping([("url", text(basePath))])]) }
        let schemes = strings(root["schemes"]) ?? ["https"]
        return list(schemes.map { mapping([("url", text("\($0)://\(host)\(basePath)"))]) })
    }

    private static func pathItem(_ item: Node, consumes: [String], produces: [String], globalParameters: Node.Mapping?) -> Node {
        guard let item = item.mapping else { return item }
        var pairs: [(String, Node?)] = []
        let shared = item["parameters"]?.sequence.map(Array.init) ?? []
        for (key, value) in item {
            guard let name = key.string else { continue }
            switch name {
            case "get", "put", "post", "delete", "options", "head", "patch":
                pairs.append(
                    (name, operation(value, shared: shared, consumes: consumes, produces: produces, globalParameters: globalParameters)))
            case "$ref":
                pairs.append((name, value))
            default:
                break
            }
        }
        let plain = shared.filter { !isBodyLike(resolved($0, in: globalParameters)) }.map(parameter)
        if !plain.isEmpty { pairs.append(("parameters", list(plain))) }
        return mapping(pairs)
    }

    private static func operation(
        _ node: Node, shared: [Node], consumes: [String], produces: [String], globalParameters: Node.Mapping?
    ) -> Node {
        guard let operation = node.mapping else { return node }
        let consumes = strings(operation["consumes"]) ?? consumes
        let produces = strings(operation["produces"]) ?? produces
        let own = operation["parameters"]?.sequence.map(Array.init) ?? []
        let all = (shared + own).map { resolved($0, in: globalParameters) }
        var pairs: [(String, Node?)] = ["tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security"].map {
            ($0, operation[$0])
        }
        let plain = own.filter { !isBodyLike(resolved($0, in: globalParameters)) }.map(parameter)
        if !plain.isEmpty { pairs.append(("parameters", list(plain))) }
        pairs.append(("requestBody", requestBody(all, consumes: consumes)))
        let responses = operation["responses"]?.mapping ?? Node.Mapping([])
        pairs.append(("responses", Node(responses.map { ($0.key, response($0.value, produces: produces)) }, tag)))
        return mapping(pairs)
    }

    /// The body a `body` parameter or `formData` parameters describe, nil without either.
    private static func requestBody(_ parameters: [Node], consumes: [String]) -> Node? {
        if let body = parameters.first(where: { $0["in"]?.string == "body" }) {
            let content = consumes.map { ($0, mapping([("schema", body["schema"])])) }
            return mapping([("description", body["description"]), ("required", body["required"]), ("content", mapping(content))])
        }
        let fields = parameters.filter { $0["in"]?.string == "formData" }
        guard !fields.isEmpty else { return nil }
        let multipart = consumes.contains("multipart/form-data") || fields.contains { $0["type"]?.string == "file" }
        var properties: [(String, Node?)] = []
        var required: [Node] = []
        for field in fields {
            guard let name = field["name"]?.string else { continue }
            properties.append((name, schema(of: field)))
            if field["required"]?.string == "true" { required.append(text(name)) }
        }
        let schema = mapping([
            ("type", text("object")), ("properties", mapping(properties)), ("required", required.isEmpty ? nil : list(required)),
        ])
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        return mapping([("content", mapping([(type, mapping([("schema", schema)]))]))])
    }

    /// A non-body parameter: its own type and format move into a schema.
    private static func parameter(_ node: Node) -> Node {
        guard let parameter = node.mapping, parameter["$ref"] == nil else { return node }
        var pairs: [(String, Node?)] = ["name", "in", "description", "required", "deprecated", "allowEmptyValue"].map {
            ($0, parameter[$0])
        }
        if parameter["in"]?.string == "path" { pairs[3] = ("required", text("true")) }
        pairs.append(("schema", schema(of: node)))
        pairs.append(("example", parameter["x-example"]))
        return mapping(pairs)
    }

    /// The schema of a Swagger parameter or header, written inline on it (its `x-example` as the example).
    private static func schema(of node: Node) -> Node {
        let keys = [
            "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf",
        ]
        return mapping(keys.map { ($0, node[$0]) } + [("example", node["x-example"])])
    }

    private static func response(_ node: Node, produces: [String]) -> Node {
        guard let response = node.mapping, response["$ref"] == nil else { return node }
        var pairs: [(String, Node?)] = [("description", response["description"] ?? text(""))]
        if let headers = response["headers"]?.mapping {
            pairs.append(
                (
                    "headers",
                    Node(
                        headers.map { ($0.key, mapping([("description", $0.value["description"]), ("schema", schema(of: $0.value))])) }, tag
                    )
                ))
        }
        let examples = response["examples"]?.mapping
        if response["schema"] != nil || examples != nil {
            let types = produces + (examples?.keys.compactMap(\.string).filter { !produces.contains($0) } ?? [])
            let content = types.map { type in (type, mapping([("schema", response["schema"]), ("example", examples?[type])])) }
            pairs.append(("content", mapping(content)))
        }
        return mapping(pairs)
    }

    private static func securityScheme(_ node: Node) -> Node {
        switch node["type"]?.string {
        case "basic":
            return mapping([("type", text("http")), ("scheme", text("basic")), ("description", node["description"])])
        case "oauth2":
            let flowNames = [
                "implicit": "implicit", "password": "password", "application": "clientCredentials", "accessCode": "authorizationCode",
            ]
            let flow = mapping([
                ("authorizationUrl", node["authorizationUrl"]), ("tokenUrl", node["tokenUrl"]),
                ("scopes", node["scopes"] ?? Node([(Node, Node)](), tag)),
            ])
            let name = flowNames[node["flow"]?.string ?? ""] ?? "implicit"
            return mapping([("type", text("oauth2")), ("description", node["description"]), ("flows", mapping([(name, flow)]))])
        default:
            return node  // apiKey reads the same in both
        }
    }

    // MARK: - Helpers

    /// A parameter as written, or the global one a `$ref: '#/parameters/X'` names.
    private static func resolved(_ node: Node, in globals: Node.Mapping?) -> Node {
        guard let reference = node["$ref"]?.string, reference.hasPrefix("#/parameters/"),
            let global = globals?[String(reference.dropFirst("#/parameters/".count))]
        else { return node }
        return global
    }

    private static func isBodyLike(_ node: Node) -> Bool {
        node["in"]?.string == "body" || node["in"]?.string == "formData"
    }

    /// References moved to their OpenAPI 3 places, `type: file` as a binary string, `x-nullable` as `nullable`.
    private static func rewritingReferences(_ node: Node) -> Node {
        switch node {
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            for (key, value) in mapping {
                switch (key.string, value.string) {
                case ("$ref"?, let reference?):
                    let moved = reference.replacingOccurrences(of: "#/definitions/", with: "#/components/schemas/")
                        .replacingOccurrences(of: "#/parameters/", with: "#/components/parameters/")
                        .replacingOccurrences(of: "#/responses/", with: "#/components/responses/")
                    pairs.append((key, text(moved)))
                case ("type"?, "file"?):
                    pairs += [(key, text("string")), (text("format"), text("binary"))]
                case ("x-nullable"?, _):
                    pairs.append((text("nullable"), value))
                default:
                    pairs.append((key, rewritingReferences(value)))
                }
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map(rewritingReferences), sequence.tag, sequence.style, sequence.mark))
        default:
            return node
        }
    }

    /// The tag of every node made here: scalars read as plain strings, as the reader composes the
    /// document (a key `"200"` must stay the string the decoder looks up, not become a number).
    private static var tag: Tag { Tag(.implicit, Resolver.basic, .default) }

    private static func text(_ string: String) -> Node { Node(string, tag) }

    private static func list(_ nodes: [Node]) -> Node { Node(nodes, tag) }

    /// A mapping of the pairs whose value is given.
    private static func mapping(_ pairs: [(String, Node?)]) -> Node {
        Node(pairs.compactMap { key, value in value.map { (text(key), $0) } }, tag)
    }

    private static func strings(_ node: Node?) -> [String]? {
        node?.sequence.map { $0.compactMap(\.string) }
    }
}
