import Foundation

/// An OpenAPI document (3.0 or 3.1) as a contract: its operations, matched to exchanges by server
/// path, method and path template, and the schemas of their parameters and bodies, each compiled
/// the first time an exchange needs it and kept for the next (a run of 1,000 requests compiles each once).
public final class OpenAPIContract: @unchecked Sendable {
    /// The document's name in messages (`openapi.yaml`).
    public let name: String
    /// `3.0.3`, `3.1.0`.
    public let version: String
    public let operations: [ContractOperation]
    /// The servers' paths (`/v1`; `""` for none), longest first.
    let serverPaths: [String]
    let document: Document
    private let options: SchemaOptions
    private let lock = NSLock()
    /// The schemas compiled so far, by pointer: for requests and for responses.
    private var compiled: [[String: Result<SchemaValidator, SchemaProblem>]] = [[:], [:]]

    /// Reads the operations of `document` (JSON; a YAML document as the JSON it stands for).
    /// `options` give the base URI and loader for `$ref`s to other files.
    public init(_ document: Document, name: String, options: SchemaOptions = SchemaOptions()) throws(SchemaProblem) {
        let reader = ContractReader(document: document, name: name)
        guard document.format == .json, document.kind(of: document.root) == .object else {
            throw SchemaProblem(document: name, pointer: "#", message: "an OpenAPI document is a JSON or YAML object")
        }
        guard let versionNode = document.member("openapi", of: document.root), let version = document.string(at: versionNode) else {
            if document.member("swagger", of: document.root) != nil {
                throw reader.problem(at: document.root, "a Swagger 2.0 document: Ferry checks exchanges against OpenAPI 3.0 and 3.1")
            }
            throw reader.problem(at: document.root, "lacks `openapi` (the version): not an OpenAPI document")
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw reader.problem(at: versionNode, "OpenAPI \(version): Ferry checks exchanges against 3.0 and 3.1")
        }
        self.name = name
        self.version = version
        self.document = document
        self.options = options
        serverPaths = reader.serverPaths()
        operations = try reader.operations()
    }

    /// `schema` compiled for messages going `direction` (OpenAPI's `readOnly` and `writeOnly`): kept in
    /// it after the first time, compiled once per pointer (several places may `$ref` one schema).
    func validator(for schema: ContractSchema, direction: SchemaOptions.Direction) -> Result<SchemaValidator, SchemaProblem> {
        schema.validator(direction) {
            let side = direction == .request ? 0 : 1
            let pointer = schema.pointer
            return lock.withLock {
                if let known = compiled[side][pointer] { return known }
                var options = options
                options.direction = direction
                let document = document
                let made = Result { () throws(SchemaProblem) in try SchemaValidator(document, pointer: pointer, options: options) }
                compiled[side][pointer] = made
                return made
            }
        }
    }

    /// What an exchange's method and URL lead to.
    public enum Match: Sendable {
        /// The operation and its path parameters' values.
        case operation(ContractOperation, [String: String])
        /// A path template matches, but declares no operation for the method.
        case undeclaredMethod(template: String, methods: [String])
        /// No path template matches (under any server's path).
        case none
    }

    /// The operation `method` and `url` select: the path under a server's path (the host is not
    /// compared: one document describes production, staging and the demo server), the most
    /// specific template matching it that declares the method.
    public func match(method: String, url: URL) -> Match {
        let path = url.path(percentEncoded: true)
        let method = method.utf8.contains(where: { (0x61...0x7A).contains($0) }) ? method.uppercased() : method
        var undeclared: Match = .none
        for server in serverPaths where path.hasPrefix(server) {
            let rest = path.dropFirst(server.count)
            guard rest.isEmpty || rest.hasPrefix("/") else { continue }
            let under = rest.isEmpty ? "/" : rest
            // The operations are read in place (a copy of one retains each of its fields), and the
            // templates of other methods looked at only when none of this method matches.
            var best: (index: Int, values: [String: String])?
            for index in operations.indices where operations[index].method == method {
                guard let values = operations[index].template.match(path: under) else { continue }
                if best == nil || operations[index].template.isMoreSpecific(than: operations[best!.index].template) {
                    best = (index, values)
                }
            }
            if let best { return .operation(operations[best.index], best.values) }
            if case .none = undeclared, let nearest = nearest(under) {
                undeclared = .undeclaredMethod(template: nearest.template.text, methods: nearest.methods)
            }
        }
        return undeclared
    }

    /// The most specific template matching `path`, with the methods it declares.
    private func nearest(_ path: Substring) -> (template: PathTemplate, methods: [String])? {
        var nearest: (template: PathTemplate, methods: [String])?
        for operation in operations where operation.template.match(path: path) != nil {
            if nearest?.template == operation.template {
                nearest?.methods.append(operation.method)
            } else if nearest == nil || operation.template.isMoreSpecific(than: nearest!.template) {
                nearest = (operation.template, [operation.method])
            }
        }
        return nearest
    }
}
