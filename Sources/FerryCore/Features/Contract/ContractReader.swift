import Foundation

/// Reads an OpenAPI document's servers and operations for `OpenAPIContract`: path items and
/// operations, parameters (the path item's under the operation's), request bodies, responses and
/// their headers, following local `$ref`s to `components`.
struct ContractReader {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let document: Document
    let name: String

    /// The servers' paths, longest first: `https://api.example.com/v1/` and `/v1` are `/v1`, with
    /// server variables at their defaults; `""` when there are none.
    func serverPaths() -> [String] {
        guard let servers = document.member("servers", of: document.root), document.kind(of: servers) == .array else { return [""] }
        var paths: Set<String> = []
        for server in document.children(of: servers) {
            guard var url = document.member("url", of: server).flatMap(document.string) else { continue }
            if let variables = document.member("variables", of: server) {
                for (variable, value) in document.members(of: variables) {
                    let fallback = document.member("default", of: value).flatMap(document.string) ?? ""
                    url = url.replacingOccurrences(of: "{\(variable)}", with: fallback)
                }
            }
            var path = url
            if let scheme = url.range(of: "://") {
                let afterHost = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
                path = String(url[afterHost...])
            }
            while path.hasSuffix("/") { path.removeLast() }
            paths.insert(path)
        }
        return paths.isEmpty ? [""] : paths.sorted { $0.count > $1.count }
    }

    /// Every operation of `paths`, in document order.
    func operations() throws(SchemaProblem) -> [ContractOperation] {
        guard let paths = document.member("paths", of: document.root) else { return [] }
        guard document.kind(of: paths) == .object else { throw problem(at: paths, "`paths` is an object") }
        var operations: [ContractOperation] = []
        for (template, pathItem) in document.members(of: paths) where template.hasPrefix("/") {
            let item = try resolved(pathItem)
            let shared = try parameters(of: item.node, pointer: item.pointer)
            for (method, operation) in document.members(of: item.node) where Self.methods.contains(method) {
                let pointer = item.pointer + "/" + method
                var parameters = shared
                for own in try self.parameters(of: operation, pointer: pointer) {
                    parameters.removeAll { $0.name == own.name && $0.location == own.location }
                    parameters.append(own)
                }
                operations.append(
                    ContractOperation(
                        method: method.uppercased(), template: PathTemplate(template), pointer: pointer, parameters: parameters,
                        requestBody: try document.member("requestBody", of: operation).map { node throws(SchemaProblem) in
                            try body(node, pointer: pointer + "/requestBody")
                        },
                        responses: try responses(of: operation, pointer: pointer)))
            }
        }
        return operations
    }

    // MARK: - Objects

    private func parameters(of node: NodeID, pointer: String) throws(SchemaProblem) -> [ContractParameter] {
        guard let list = document.member("parameters", of: node), document.kind(of: list) == .array else { return [] }
        var parameters: [ContractParameter] = []
        for (index, entry) in document.children(of: list).enumerated() {
            let parameter = try resolved(entry, pointer: pointer + "/parameters/\(index)")
            guard let name = document.member("name", of: parameter.node).flatMap(document.string),
                let location = document.member("in", of: parameter.node).flatMap(document.string)
            else { throw problem(at: parameter.node, "a parameter has a `name` and an `in`") }
            parameters.append(
                self.parameter(
                    name: name, location: location, required: location == "path" || flag("required", of: parameter.node), of: parameter))
        }
        return parameters
    }

    private func responses(of operation: NodeID, pointer: String) throws(SchemaProblem) -> [ContractResponse] {
        guard let responses = document.member("responses", of: operation) else { return [] }
        var declared: [ContractResponse] = []
        for (status, entry) in document.members(of: responses) {
            let response = try resolved(entry, pointer: pointer + "/responses/" + SchemaURI.escapeToken(status))
            var headers: [ContractParameter] = []
            if let map = document.member("headers", of: response.node) {
                for (header, value) in document.members(of: map) where header.lowercased() != "content-type" {
                    let resolvedHeader = try resolved(value, pointer: response.pointer + "/headers/" + SchemaURI.escapeToken(header))
                    headers.append(
                        parameter(name: header, location: "header", required: flag("required", of: resolvedHeader.node), of: resolvedHeader)
                    )
                }
            }
            let content = document.member("content", of: response.node).map { _ in
                mediaTypes(of: response.node, pointer: response.pointer, required: false)
            }
            declared.append(ContractResponse(status: status, pointer: response.pointer, headers: headers, content: content))
        }
        return declared
    }

    private func body(_ node: NodeID, pointer: String) throws(SchemaProblem) -> ContractBody {
        let body = try resolved(node, pointer: pointer)
        return mediaTypes(of: body.node, pointer: body.pointer, required: flag("required", of: body.node))
    }

    private func mediaTypes(of node: NodeID, pointer: String, required: Bool) -> ContractBody {
        var types: [ContractMediaType] = []
        if let content = document.member("content", of: node) {
            for (type, value) in document.members(of: content) {
                let here = pointer + "/content/" + SchemaURI.escapeToken(type)
                types.append(
                    ContractMediaType(
                        name: String(ContractMediaType.essence(type)),
                        schema: document.member("schema", of: value).map { _ in ContractSchema(pointer: here + "/schema") }))
            }
        }
        return ContractBody(pointer: pointer, required: required, mediaTypes: types)
    }

    /// A parameter or header object as the contract checks it, its schema's types read here.
    private func parameter(name: String, location: String, required: Bool, of object: (node: NodeID, pointer: String)) -> ContractParameter
    {
        let schema = document.member("schema", of: object.node)
        let items = schema.flatMap { document.member("items", of: follow($0)) }
        return ContractParameter(
            name: name, location: location, required: required, pointer: object.pointer,
            schema: schema.map { _ in ContractSchema(pointer: object.pointer + "/schema") },
            valueType: ContractValue.type(of: schema, in: self), itemsType: ContractValue.type(of: items, in: self))
    }

    private func flag(_ key: String, of node: NodeID) -> Bool {
        document.member(key, of: node).flatMap(document.boolValue) ?? false
    }

    // MARK: - References

    /// The object `node` stands for, following local `$ref`s (`#/components/responses/NotFound`),
    /// with its own pointer; a `$ref` to another file or to nothing is a located problem.
    func resolved(_ node: NodeID, pointer: String = "") throws(SchemaProblem) -> (node: NodeID, pointer: String) {
        var current = (node: node, pointer: pointer.isEmpty ? self.pointer(of: node) : pointer)
        var hops = 0
        while let ref = document.member("$ref", of: current.node).flatMap(document.string) {
            hops += 1
            guard hops <= 32 else { throw problem(at: current.node, "`$ref`s lead in a circle") }
            guard ref.hasPrefix("#"), let target = locate(String(ref.dropFirst())) else {
                throw problem(at: current.node, "`$ref` \(ref) leads nowhere in this document (Ferry follows references inside it)")
            }
            current = (target, String(ref.dropFirst()))
        }
        return current
    }

    /// `node`, or what its local `$ref`s lead to (as far as they lead, at most 32 steps).
    func follow(_ node: NodeID) -> NodeID {
        var current = node
        for _ in 0..<32 {
            guard let ref = document.member("$ref", of: current).flatMap(document.string), ref.hasPrefix("#"),
                let target = locate(String(ref.dropFirst()))
            else { break }
            current = target
        }
        return current
    }

    private func locate(_ pointer: String) -> NodeID? {
        guard let tokens = SchemaURI.pointerTokens(pointer) else { return nil }
        var node = document.root
        for token in tokens {
            switch document.kind(of: node) {
            case .object:
                guard let next = document.member(token, of: node) else { return nil }
                node = next
            case .array:
                guard let position = Int(token), let next = document.child(of: node, at: position) else { return nil }
                node = next
            default: return nil
            }
        }
        return node
    }

    /// The JSON pointer of `node`, from the root.
    private func pointer(of node: NodeID) -> String {
        var tokens: [String] = []
        var current = node
        while let parent = document.parent(of: current) {
            tokens.append(document.key(of: current) ?? String(document.position(of: current)))
            current = parent
        }
        return tokens.reversed().map { "/" + SchemaURI.escapeToken($0) }.joined()
    }

    /// A problem located at `node`.
    func problem(at node: NodeID, _ message: String) -> SchemaProblem {
        let (line, column) = document.lineAndColumn(of: document.byteRange(of: node).lowerBound)
        return SchemaProblem(document: name, pointer: "#" + pointer(of: node), line: line, column: column, message: message)
    }
}
