import Foundation

/// Turns the schema documents of a `SchemaRegistry` into `SchemaNode`s: each subschema compiled
/// once, from a work list rather than by recursion (a long `$ref` chain cannot exhaust the stack),
/// references resolved and their documents loaded, and circles that never descend into the
/// instance refused.
final class SchemaCompiler {
    private struct Key: Hashable {
        let document: Int
        let node: Int
    }

    let registry: SchemaRegistry
    private let formatAssertion: Bool
    private var compiled: [Key: SchemaNode] = [:]
    private var pending: [SchemaNode] = []

    init(registry: SchemaRegistry, formatAssertion: Bool) {
        self.registry = registry
        self.formatAssertion = formatAssertion
    }

    /// The node for a subschema, created (and queued to be filled) the first time it is asked for.
    func node(_ node: NodeID, in document: Int) -> SchemaNode {
        let key = Key(document: document, node: node.index)
        if let known = compiled[key] { return known }
        let place = registry.place(of: node, in: document)
        let created = SchemaNode(
            location: registry.documents[document].name + "#" + place.pointer, resource: place.resource, document: document, node: node)
        compiled[key] = created
        pending.append(created)
        return created
    }

    /// Every node made so far, for `SchemaNode.untie` when they are no longer needed.
    var nodes: [SchemaNode] { Array(compiled.values) }

    /// Fills every queued node, and the nodes they reach.
    func compileQueued() throws(SchemaProblem) {
        while let next = pending.popLast() { try fill(next) }
    }

    // MARK: - One subschema

    private func fill(_ schema: SchemaNode) throws(SchemaProblem) {
        let tree = registry.documents[schema.document].document
        let here = schema.node
        switch tree.kind(of: here) {
        case .bool:
            schema.verdict = tree.boolValue(of: here)
            return
        case .object: break
        default: throw registry.problem(at: here, in: schema.document, "a schema is an object or a boolean")
        }
        let dialect = registry.resources[schema.resource].dialect
        var members: [String: NodeID] = [:]
        for (key, value) in tree.members(of: here) where members[key] == nil { members[key] = value }
        let reader = Reader(compiler: self, schema: schema, tree: tree, members: members)

        if dialect.refOverridesSiblings, let ref = members["$ref"] {
            schema.keywords = [.ref(try reader.reference(ref))]
            return
        }
        var keywords: [SchemaKeyword] = []
        if let ref = members["$ref"] { keywords.append(.ref(try reader.reference(ref))) }
        let validates = registry.resources[schema.resource].validates
        if dialect == .draft2020, let ref = members["$dynamicRef"] {
            let target = try reader.reference(ref)
            let fragment = SchemaURI.split(try reader.string(ref)).fragment ?? ""
            let dynamic = registry.resources[target.resource].dynamicAnchors.contains(fragment)
            keywords.append(.dynamicRef(target, anchor: dynamic ? fragment : nil, recursive: false))
        }
        if dialect == .draft2019, let ref = members["$recursiveRef"] {
            keywords.append(.dynamicRef(try reader.reference(ref), anchor: nil, recursive: true))
        }
        if validates, let type = members["type"] {
            var types = try reader.types(type)
            if dialect == .openAPI30, let nullable = members["nullable"], tree.boolValue(of: nullable) == true { types.insert(.null) }
            keywords.append(.type(types))
        }
        if validates, let values = members["enum"] {
            guard tree.kind(of: values) == .array else { throw reader.problem(values, "`enum` is an array") }
            let values = tree.children(of: values).map { SchemaValue($0, in: tree) }
            let strings = values.compactMap { value -> [UInt8]? in if case .string(let bytes) = value { bytes } else { nil } }
            keywords.append(.enumeration(Set(values), strings: strings))
        }
        if validates {
            if !dialect.isDraft4Like, let value = members["const"] { keywords.append(.constant(SchemaValue(value, in: tree))) }
            try numberKeywords(&keywords, reader, dialect)
            if let value = members["minLength"] { keywords.append(.minLength(try reader.count(value))) }
            if let value = members["maxLength"] { keywords.append(.maxLength(try reader.count(value))) }
            if let value = members["pattern"] { keywords.append(.pattern(try reader.pattern(value))) }
        }
        if formatAssertion, let value = members["format"], let name = tree.string(at: value) { keywords.append(.format(name)) }
        try arrayKeywords(&keywords, reader, dialect, validates: validates)
        try objectKeywords(&keywords, reader, dialect, validates: validates)
        if let all = members["allOf"] { keywords.append(.allOf(try reader.schemas(all))) }
        if let any = members["anyOf"] { keywords.append(.anyOf(try reader.schemas(any))) }
        if let one = members["oneOf"] { keywords.append(.oneOf(try reader.schemas(one))) }
        if dialect == .openAPI30 || dialect == .draft2020, let discriminator = members["discriminator"] {
            schema.discriminator = try self.discriminator(discriminator, branches: members["oneOf"] ?? members["anyOf"], reader)
        }
        if let not = members["not"] { keywords.append(.not(reader.schema(not))) }
        if !dialect.isDraft4Like, dialect != .draft6, let condition = members["if"] {
            keywords.append(
                .conditional(reader.schema(condition), then: members["then"].map(reader.schema), else: members["else"].map(reader.schema)))
        }
        if dialect.isModern {
            if let value = members["unevaluatedItems"] { keywords.append(.unevaluatedItems(reader.schema(value))) }
            if let value = members["unevaluatedProperties"] {
                keywords.append(.unevaluatedProperties(reader.schema(value)))
                schema.readsMembers = true
            }
            schema.tracksEvaluation = members["unevaluatedItems"] != nil || members["unevaluatedProperties"] != nil
        }
        schema.readOnly = members["readOnly"].flatMap(tree.boolValue) ?? false
        schema.writeOnly = members["writeOnly"].flatMap(tree.boolValue) ?? false
        schema.keywords = keywords
    }

    private func numberKeywords(_ keywords: inout [SchemaKeyword], _ reader: Reader, _ dialect: SchemaDialect) throws(SchemaProblem) {
        let members = reader.members
        for (name, bound, flag) in [
            ("minimum", SchemaKeyword.Bound.minimum, "exclusiveMinimum"), ("maximum", .maximum, "exclusiveMaximum"),
        ] {
            guard let value = members[name] else { continue }
            let exclusive = dialect.isDraft4Like && members[flag].flatMap(reader.tree.boolValue) == true
            let kind: SchemaKeyword.Bound = exclusive ? (bound == .minimum ? .exclusiveMinimum : .exclusiveMaximum) : bound
            keywords.append(.bound(try reader.number(value), kind, name: name, integer: Int64(reader.tree.literal(of: value))))
        }
        if !dialect.isDraft4Like {
            for (name, bound) in [("exclusiveMinimum", SchemaKeyword.Bound.exclusiveMinimum), ("exclusiveMaximum", .exclusiveMaximum)] {
                guard let value = members[name] else { continue }
                keywords.append(.bound(try reader.number(value), bound, name: name, integer: Int64(reader.tree.literal(of: value))))
            }
        }
        if let value = members["multipleOf"] {
            let divisor = try reader.number(value)
            guard divisor > DecimalNumber("0")! else { throw reader.problem(value, "`multipleOf` is a number above 0") }
            keywords.append(.multipleOf(divisor, reader.tree.doubleValue(of: value) ?? 1))
        }
    }

    private func arrayKeywords(
        _ keywords: inout [SchemaKeyword], _ reader: Reader, _ dialect: SchemaDialect, validates: Bool
    )
        throws(SchemaProblem)
    {
        let members = reader.members
        let tree = reader.tree
        if dialect == .draft2020 {
            var prefix = 0
            if let value = members["prefixItems"] {
                let schemas = try reader.schemas(value)
                prefix = schemas.count
                keywords.append(.prefixItems(schemas, name: "prefixItems"))
            }
            if let value = members["items"] { keywords.append(.items(reader.schema(value), start: prefix, name: "items")) }
        } else if let value = members["items"] {
            if tree.kind(of: value) == .array {
                let schemas = try reader.schemas(value)
                keywords.append(.prefixItems(schemas, name: "items"))
                if let rest = members["additionalItems"] {
                    keywords.append(.items(reader.schema(rest), start: schemas.count, name: "additionalItems"))
                }
            } else {
                keywords.append(.items(reader.schema(value), start: 0, name: "items"))
            }
        }
        if validates {
            if let value = members["minItems"] { keywords.append(.minItems(try reader.count(value))) }
            if let value = members["maxItems"] { keywords.append(.maxItems(try reader.count(value))) }
            if let value = members["uniqueItems"], tree.boolValue(of: value) == true { keywords.append(.uniqueItems) }
        }
        if !dialect.isDraft4Like, let value = members["contains"] {
            var minimum = 1
            var maximum: Int?
            if dialect.isModern {
                if let low = members["minContains"] { minimum = try reader.count(low) }
                if let high = members["maxContains"] { maximum = try reader.count(high) }
            }
            keywords.append(.contains(reader.schema(value), minimum: minimum, maximum: maximum))
        }
    }

    private func objectKeywords(
        _ keywords: inout [SchemaKeyword], _ reader: Reader, _ dialect: SchemaDialect, validates: Bool
    )
        throws(SchemaProblem)
    {
        let members = reader.members
        let tree = reader.tree
        let before = keywords.count
        if validates, let value = members["minProperties"] { keywords.append(.minProperties(try reader.count(value))) }
        if validates, let value = members["maxProperties"] { keywords.append(.maxProperties(try reader.count(value))) }
        var requiredNames: [String]?
        if validates, let value = members["required"] {
            guard tree.kind(of: value) == .array else { throw reader.problem(value, "`required` is an array of names") }
            requiredNames = try tree.children(of: value).map { (item) throws(SchemaProblem) in try reader.string(item) }
        }
        // A repeated property keeps its first schema, as its name keeps its first number.
        var properties: [(String, SchemaNode)] = []
        var listed: Set<String> = []
        if let value = members["properties"] {
            for (name, schema) in try reader.schemaMap(value) where listed.insert(name).inserted { properties.append((name, schema)) }
        }
        let names = SchemaMemberNames(properties.map(\.0) + (requiredNames ?? []))
        if let requiredNames { keywords.append(.required(requiredNames.map { names.index(of: $0)! })) }
        if members["properties"] != nil { keywords.append(.properties(ContiguousArray(properties.map(\.1)))) }
        if !names.names.isEmpty { reader.schema.names = names }
        var patterns: [NSRegularExpression] = []
        if let value = members["patternProperties"] {
            var compiled: [(NSRegularExpression, SchemaNode)] = []
            for (name, item) in tree.members(of: value) {
                compiled.append((try reader.pattern(named: name, at: item), reader.schema(item)))
            }
            patterns = compiled.map(\.0)
            keywords.append(.patternProperties(compiled))
        }
        if let value = members["additionalProperties"] {
            keywords.append(.additionalProperties(reader.schema(value), known: properties.count, patterns: patterns))
        }
        var dependencies: [(String, NodeID)] = []
        if dialect.isModern {
            if let value = members["dependentRequired"] { dependencies += tree.members(of: value).map { ($0.key, $0.value) } }
            if let value = members["dependentSchemas"] { dependencies += tree.members(of: value).map { ($0.key, $0.value) } }
        } else if let value = members["dependencies"] {
            dependencies = tree.members(of: value).map { ($0.key, $0.value) }
        }
        var required: [(String, [String])] = []
        var schemas: [(String, SchemaNode)] = []
        for (name, item) in dependencies {
            if tree.kind(of: item) == .array {
                required.append((name, try tree.children(of: item).map { (entry) throws(SchemaProblem) in try reader.string(entry) }))
            } else {
                schemas.append((name, reader.schema(item)))
            }
        }
        if validates, !required.isEmpty {
            keywords.append(.dependentRequired(required, name: dialect.isModern ? "dependentRequired" : "dependencies"))
        }
        if !schemas.isEmpty { keywords.append(.dependentSchemas(schemas, name: dialect.isModern ? "dependentSchemas" : "dependencies")) }
        if !dialect.isDraft4Like, let value = members["propertyNames"] { keywords.append(.propertyNames(reader.schema(value))) }
        if keywords.count > before { reader.schema.readsMembers = true }
    }

    /// `discriminator: {propertyName, mapping}`: each name of `mapping` to the schema it names (a
    /// reference, or a schema name of `#/components/schemas/`), and each branch that is a `$ref`
    /// to its last path segment (`#/components/schemas/Dog` is `Dog`), as OpenAPI's implicit mapping.
    private func discriminator(
        _ node: NodeID, branches: NodeID?, _ reader: Reader
    ) throws(SchemaProblem)
        -> (property: String, mapping: [String: SchemaNode])?
    {
        let tree = reader.tree
        guard let propertyNode = tree.member("propertyName", of: node) else { return nil }
        let property = try reader.string(propertyNode)
        var mapping: [String: SchemaNode] = [:]
        for branch in branches.map({ Array(tree.children(of: $0)) }) ?? [] {
            guard let ref = tree.member("$ref", of: branch), let text = tree.string(at: ref),
                let name = text.split(separator: "/").last
            else { continue }
            mapping[String(name)] = try reader.reference(ref)
        }
        for (name, target) in tree.members(of: tree.member("mapping", of: node) ?? node) where tree.kind(of: target) == .string {
            guard name != "propertyName" else { continue }
            let text = try reader.string(target)
            mapping[name] = try reader.reference(
                target, as: text.contains("/") || text.contains("#") ? text : "#/components/schemas/" + text)
        }
        return (property, mapping)
    }

    // MARK: - Circles

    /// Refuses a schema that can reach itself without descending into the instance (`$ref` to an
    /// enclosing `allOf`, two definitions referring to each other): validating would never end.
    func refuseCircles() throws(SchemaProblem) {
        var state: [ObjectIdentifier: Bool] = [:]  // false: on the current path; true: done
        var path: [SchemaNode] = []
        func visit(_ schema: SchemaNode) throws(SchemaProblem) {
            if let done = state[ObjectIdentifier(schema)] {
                guard done else {
                    let circle = path.drop { $0 !== schema }.map(\.location) + [schema.location]
                    throw registry.problem(
                        at: schema.node, in: schema.document,
                        "the schema refers back to itself without descending into the value (\(circle.joined(separator: " → ")))")
                }
                return
            }
            state[ObjectIdentifier(schema)] = false
            path.append(schema)
            for keyword in schema.keywords {
                for next in Self.inPlace(keyword) { try visit(next) }
            }
            path.removeLast()
            state[ObjectIdentifier(schema)] = true
        }
        for schema in compiled.values where state[ObjectIdentifier(schema)] == nil { try visit(schema) }
    }

    /// The subschemas a keyword applies to the same value.
    private static func inPlace(_ keyword: SchemaKeyword) -> [SchemaNode] {
        switch keyword {
        case .ref(let target): [target]
        case .allOf(let all), .anyOf(let all), .oneOf(let all): all
        case .not(let schema): [schema]
        case .conditional(let condition, let then, let otherwise): [condition] + [then, otherwise].compactMap { $0 }
        case .dependentSchemas(let schemas, _): schemas.map(\.1)
        default: []
        }
    }
}
