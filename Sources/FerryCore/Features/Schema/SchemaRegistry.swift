/// The schema documents a compilation reads and the resources in them: every `$id` (or draft 4's
/// `id`), `$anchor`, `$dynamicAnchor` and `$recursiveAnchor`, found by walking each document's
/// subschemas (not `enum` or `const` values, nor unknown keywords), and the resource and pointer
/// of every subschema. Documents a `$ref` names are loaded the first time they are needed.
final class SchemaRegistry {
    /// A schema resource: a document's root or a subschema with its own `$id`.
    struct Resource {
        let uri: String
        let document: Int
        let root: NodeID
        let dialect: SchemaDialect
        var anchors: [String: NodeID] = [:]
        var dynamicAnchors: Set<String> = []
        var recursiveAnchor = false
        /// False when the resource's custom metaschema leaves out the validation vocabulary
        /// (`$vocabulary`): then `type`, `enum`, bounds, lengths, counts and `required` are not applied.
        var validates = true
    }

    /// Where a subschema sits: its resource and its pointer from the document's root.
    struct Place {
        let resource: Int
        let pointer: String
    }

    /// Deeper nesting of subschemas is refused, so that no walk of the schema can exhaust the stack.
    static let maximumDepth = 1_000

    private(set) var documents: [(document: Document, name: String)] = []
    private(set) var resources: [Resource] = []
    private var resourceByURI: [String: Int] = [:]
    private var places: [[NodeID: Place]] = []
    private let loader: SchemaLoader?
    private let defaultDialect: SchemaDialect

    init(loader: SchemaLoader?, defaultDialect: SchemaDialect) {
        self.loader = loader
        self.defaultDialect = defaultDialect
    }

    /// Adds a document under `uri` (absolute, no fragment) and indexes it; returns its root resource.
    @discardableResult
    func add(_ document: Document, uri: String, name: String, dialect: SchemaDialect? = nil) throws(SchemaProblem) -> Int {
        let index = documents.count
        documents.append((document, name))
        places.append([:])
        let root = document.root
        var rootDialect = dialect
        if rootDialect == nil { rootDialect = try declaredDialect(of: root, in: index) }
        var rootResource = Resource(uri: uri, document: index, root: root, dialect: rootDialect ?? defaultDialect)
        rootResource.validates = validates(root, in: index)
        let resource = addResource(rootResource)
        try walk(root, document: index, resource: resource, pointer: "", depth: 0)
        return resource
    }

    /// The resource and pointer of a subschema; for a node no walk reached (a `$ref` into an
    /// unknown keyword), those of its nearest indexed ancestor, with the pointer computed.
    func place(of node: NodeID, in document: Int) -> Place {
        if let place = places[document][node] { return place }
        let tree = documents[document].document
        var tokens: [String] = []
        var current = node
        while let parent = tree.parent(of: current) {
            tokens.append(tree.key(of: current) ?? String(tree.position(of: current)))
            if let place = places[document][parent] {
                return Place(
                    resource: place.resource, pointer: place.pointer + tokens.reversed().map { "/" + SchemaURI.escapeToken($0) }.joined())
            }
            current = parent
        }
        return Place(resource: 0, pointer: tokens.reversed().map { "/" + SchemaURI.escapeToken($0) }.joined())
    }

    /// The document and node an absolute URI reference names, loading its document when needed;
    /// nil when nothing is there.
    func locate(_ uri: String) throws(SchemaProblem) -> (document: Int, node: NodeID)? {
        let (base, fragment) = SchemaURI.split(uri)
        guard let resourceIndex = try resource(at: base) else { return nil }
        let resource = resources[resourceIndex]
        let fragmentText = fragment ?? ""
        if !fragmentText.isEmpty, !fragmentText.hasPrefix("/") {
            return resource.anchors[fragmentText].map { (resource.document, $0) }
        }
        guard let tokens = SchemaURI.pointerTokens(fragmentText) else { return nil }
        let tree = documents[resource.document].document
        var node = resource.root
        for token in tokens {
            switch tree.kind(of: node) {
            case .object:
                guard let next = tree.member(token, of: node) else { return nil }
                node = next
            case .array:
                guard let position = Int(token), position >= 0, let next = tree.child(of: node, at: position) else { return nil }
                node = next
            default: return nil
            }
        }
        return (resource.document, node)
    }

    // MARK: - Loading

    private func resource(at base: String) throws(SchemaProblem) -> Int? {
        if let known = resourceByURI[base] { return known }
        guard let loader else { return nil }
        let loaded: Document?
        do {
            loaded = try loader(base)
        } catch let problem as SchemaProblem {
            throw problem
        } catch {
            throw SchemaProblem(document: base, pointer: "", message: "cannot be read: \(error)")
        }
        guard let loaded else { return nil }
        return try add(loaded, uri: base, name: base.hasPrefix("file://") ? String(base.dropFirst(7)) : base)
    }

    private func addResource(_ resource: Resource) -> Int {
        resources.append(resource)
        if resourceByURI[resource.uri] == nil { resourceByURI[resource.uri] = resources.count - 1 }
        return resources.count - 1
    }

    /// The dialect a resource's `$schema` names: a known draft, or a metaschema Ferry can load
    /// whose own `$schema` it knows. Throws, located, when neither.
    private func declaredDialect(of node: NodeID, in document: Int) throws(SchemaProblem) -> SchemaDialect? {
        let tree = documents[document].document
        guard let member = tree.member("$schema", of: node), let uri = tree.string(at: member) else { return nil }
        if let dialect = SchemaDialect(schemaURI: uri) { return dialect }
        let (base, _) = SchemaURI.split(uri)
        if let metaschema = try? resource(at: base) { return resources[metaschema].dialect }
        throw problem(at: member, in: document, "unknown `$schema` \(uri): Ferry knows drafts 4, 6, 7, 2019-09 and 2020-12")
    }

    /// A problem located at `node` of `document`.
    func problem(at node: NodeID, in document: Int, _ message: String) -> SchemaProblem {
        let tree = documents[document].document
        let (line, column) = tree.lineAndColumn(of: tree.byteRange(of: node).lowerBound)
        return SchemaProblem(
            document: documents[document].name, pointer: "#" + place(of: node, in: document).pointer, line: line, column: column,
            message: message)
    }

    /// False when `node`'s `$schema` names a loaded metaschema whose `$vocabulary` lists no
    /// validation vocabulary.
    private func validates(_ node: NodeID, in document: Int) -> Bool {
        let tree = documents[document].document
        guard let member = tree.member("$schema", of: node), let uri = tree.string(at: member),
            SchemaDialect(schemaURI: uri) == nil, let known = resourceByURI[SchemaURI.split(uri).base]
        else { return true }
        let metaschema = documents[resources[known].document].document
        guard let vocabularies = metaschema.member("$vocabulary", of: resources[known].root) else { return true }
        return metaschema.members(of: vocabularies).contains { $0.key.hasSuffix("/vocab/validation") }
    }

    // MARK: - Indexing

    private func walk(_ node: NodeID, document: Int, resource: Int, pointer: String, depth: Int) throws(SchemaProblem) {
        places[document][node] = Place(resource: resource, pointer: pointer)
        let tree = documents[document].document
        guard tree.kind(of: node) == .object else { return }
        guard depth < Self.maximumDepth else {
            throw problem(at: node, in: document, "subschemas nest deeper than \(Self.maximumDepth) levels")
        }
        var resource = resource
        var dialect = resources[resource].dialect
        let members = tree.members(of: node)
        func string(_ key: String) -> String? { members.first { $0.key == key }.flatMap { tree.string(at: $0.value) } }
        let hasRef = members.contains { $0.key == "$ref" }
        if let idKeyword = dialect.idKeyword, let id = string(idKeyword), !(dialect.refOverridesSiblings && hasRef) {
            let resolved = SchemaURI.resolve(id, against: resources[resource].uri)
            let (base, fragment) = SchemaURI.split(resolved)
            if id.hasPrefix("#") {
                if !dialect.isModern, let fragment, !fragment.isEmpty { resources[resource].anchors[fragment] = node }
            } else if base != resources[resource].uri {
                if node != tree.root, let declared = try declaredDialect(of: node, in: document) { dialect = declared }
                var created = Resource(uri: base, document: document, root: node, dialect: dialect)
                created.validates = members.contains { $0.key == "$schema" } ? validates(node, in: document) : resources[resource].validates
                resource = addResource(created)
                places[document][node] = Place(resource: resource, pointer: pointer)
                if !dialect.isModern, let fragment, !fragment.isEmpty { resources[resource].anchors[fragment] = node }
            }
        }
        if dialect.isModern {
            if let anchor = string("$anchor") { resources[resource].anchors[anchor] = node }
            if dialect == .draft2020, let anchor = string("$dynamicAnchor") {
                resources[resource].anchors[anchor] = node
                resources[resource].dynamicAnchors.insert(anchor)
            }
            if dialect == .draft2019, node == resources[resource].root,
                let flag = members.first(where: { $0.key == "$recursiveAnchor" }), tree.boolValue(of: flag.value) == true
            {
                resources[resource].recursiveAnchor = true
            }
        }
        for (key, value) in members {
            let here = pointer + "/" + SchemaURI.escapeToken(key)
            switch SchemaKeywordShape(key, dialect: dialect) {
            case .schema: try walk(value, document: document, resource: resource, pointer: here, depth: depth + 1)
            case .schemaOrArray where tree.kind(of: value) != .array:
                try walk(value, document: document, resource: resource, pointer: here, depth: depth + 1)
            case .schemaArray, .schemaOrArray:
                guard tree.kind(of: value) == .array else { continue }
                for (position, item) in tree.children(of: value).enumerated() {
                    try walk(item, document: document, resource: resource, pointer: here + "/\(position)", depth: depth + 1)
                }
            case .schemaMap:
                for (name, item) in tree.members(of: value) where tree.kind(of: item) != .array {
                    try walk(
                        item, document: document, resource: resource, pointer: here + "/" + SchemaURI.escapeToken(name), depth: depth + 1)
                }
            case .other: continue
            }
        }
    }
}
