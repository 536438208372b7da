import Foundation

/// A JSON Schema compiled once and checked against many instances: drafts 4, 6, 7, 2019-09 and
/// 2020-12 and OpenAPI 3.0's dialect, over Ferry's document tree, so every violation carries the
/// instance's pointer and byte offset and the keyword's place in the schema.
public final class SchemaValidator: @unchecked Sendable {
    /// The dialect of the schema's root.
    public let dialect: SchemaDialect
    let options: SchemaOptions
    let registry: SchemaRegistry
    let root: SchemaNode
    /// Each resource's `$dynamicAnchor`s, compiled.
    let dynamicAnchors: [Int: [String: SchemaNode]]
    /// The roots of the resources with `$recursiveAnchor: true`, compiled.
    let recursiveRoots: [Int: SchemaNode]
    /// Every compiled node, untied when the validator goes (their `$ref`s may form cycles).
    private let nodes: [SchemaNode]
    /// The last finished walk, kept with its buffers for the next instance: a validator checking
    /// one body after another (a run's responses) allocates no walk for each.
    private var spare: SchemaValidation?
    private let spareLock = NSLock()

    /// Compiles the schema at `pointer` (a JSON pointer, `""` for the whole document) of `document`.
    /// An OpenAPI document's schemas (`/components/schemas/Pet`) take its version's dialect.
    public init(_ document: Document, pointer: String = "", options: SchemaOptions = SchemaOptions()) throws(SchemaProblem) {
        guard document.format == .json else {
            throw SchemaProblem(document: options.documentName, pointer: "", message: "a schema is JSON")
        }
        let openAPI = document.member("openapi", of: document.root).flatMap(document.string)
        let documentDialect: SchemaDialect? = openAPI.map { $0.hasPrefix("3.0") ? .openAPI30 : .draft2020 }
        let registry = SchemaRegistry(loader: options.loader, defaultDialect: options.dialect ?? documentDialect ?? .draft2020)
        let resource = try registry.add(
            document, uri: SchemaURI.split(options.baseURI).base, name: options.documentName, dialect: documentDialect)
        guard let (documentIndex, node) = try registry.locate(registry.resources[resource].uri + "#" + pointer) else {
            throw SchemaProblem(document: options.documentName, pointer: "#" + pointer, message: "no schema at this pointer")
        }
        let compiler = SchemaCompiler(registry: registry, formatAssertion: options.formatAssertion)
        root = compiler.node(node, in: documentIndex)
        var dynamicAnchors: [Int: [String: SchemaNode]] = [:]
        var recursiveRoots: [Int: SchemaNode] = [:]
        do {
            try Self.compile(compiler, registry: registry, dynamicAnchors: &dynamicAnchors, recursiveRoots: &recursiveRoots)
        } catch {
            compiler.nodes.forEach { $0.untie() }
            throw error
        }
        self.dialect = registry.resources[root.resource].dialect
        self.options = options
        self.registry = registry
        self.dynamicAnchors = dynamicAnchors
        self.recursiveRoots = recursiveRoots
        self.nodes = compiler.nodes
    }

    deinit { nodes.forEach { $0.untie() } }

    /// Compiles what is queued, then the dynamic and recursive anchors of each resource loaded,
    /// until no document brings new ones; refuses circles that never descend into the value.
    private static func compile(
        _ compiler: SchemaCompiler, registry: SchemaRegistry, dynamicAnchors: inout [Int: [String: SchemaNode]],
        recursiveRoots: inout [Int: SchemaNode]
    ) throws(SchemaProblem) {
        var seen = 0
        repeat {
            try compiler.compileQueued()
            // Documents loaded for `$ref`s may bring more anchors: compile until none are new.
            let resources = registry.resources
            for index in seen..<resources.count {
                let resource = resources[index]
                for name in resource.dynamicAnchors {
                    if let anchor = resource.anchors[name] {
                        dynamicAnchors[index, default: [:]][name] = compiler.node(anchor, in: resource.document)
                    }
                }
                if resource.recursiveAnchor { recursiveRoots[index] = compiler.node(resource.root, in: resource.document) }
            }
            seen = resources.count
            try compiler.compileQueued()
        } while seen < registry.resources.count
        try compiler.refuseCircles()
    }

    /// What breaks `instance` (a JSON document), in document order of discovery; empty when it is valid.
    public func violations(of instance: Document) -> [SchemaViolation] {
        walk(instance) { validation in
            var none: SchemaEvaluated?
            _ = validation.check(instance.root, root, &none)
            return validation.violations
        }
    }

    /// True when `instance` is valid (stops at the first violation).
    public func isValid(_ instance: Document) -> Bool {
        walk(instance) { validation in
            var none: SchemaEvaluated?
            return validation.quietly { validation.check(instance.root, root, &none) }
        }
    }

    /// `body` on a walk of `instance`: the kept one when no other check has it, else a new one.
    private func walk<T>(_ instance: Document, _ body: (SchemaValidation) -> T) -> T {
        let kept = spareLock.withLock {
            defer { spare = nil }
            return spare
        }
        let validation: SchemaValidation
        if let kept {
            kept.restart(with: instance)
            validation = kept
        } else {
            validation = SchemaValidation(document: instance, schema: self)
        }
        defer {
            validation.finish()
            spareLock.withLock { spare = validation }
        }
        return body(validation)
    }
}
