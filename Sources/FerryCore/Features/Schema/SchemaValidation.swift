import Foundation

/// One validation of an instance against a compiled `SchemaValidator`: the walk down the instance and
/// the schema together, the dynamic scope (for `$dynamicRef`), the path to the current node and
/// the violations found. Inside `anyOf`, `oneOf`, `not`, `contains` and `if`, branches are tried
/// without reporting; their failure is reported once, at the keyword.
final class SchemaValidation {
    /// Deeper recursion is reported rather than risked on a thread's stack.
    static let maximumDepth = 1_000

    private enum Step {
        case member(NodeID)
        case item(Int)
    }

    /// An object instance's member and the number its key has in the schema node's `names` (-1: not listed).
    private struct Member {
        let value: NodeID
        let name: Int
    }

    /// The instance walked (`idle` between two walks of a validator's kept walk).
    @exclusivity(unchecked) private(set) var document: Document
    /// Unowned: a validator keeps its last walk for the next (`SchemaValidator`).
    unowned let schema: SchemaValidator
    /// The schema's options read once (a copy of `SchemaOptions` per check would retain its loader).
    private let maximumViolations: Int
    private let direction: SchemaOptions.Direction
    private let dialect: SchemaDialect
    // The walk's state is only ever touched by this walk, one access at a time: exclusivity is not
    // checked at run time (it cost a tenth of the validation time).
    @exclusivity(unchecked) private(set) var violations: [SchemaViolation] = []
    @exclusivity(unchecked) private var reporting = true
    @exclusivity(unchecked) private var scope: [Int] = []
    @exclusivity(unchecked) private var path: [Step] = []
    @exclusivity(unchecked) private var depth = 0
    /// The members of the objects being checked, innermost last: each check adds its instance's and
    /// takes them away when it ends, so the walk allocates no list per object.
    @exclusivity(unchecked) private var members: ContiguousArray<Member> = []

    init(document: Document, schema: SchemaValidator) {
        self.document = document
        self.schema = schema
        maximumViolations = schema.options.maximumViolations
        direction = schema.options.direction
        dialect = schema.dialect
    }

    /// What a kept walk holds between two instances: nothing of the last one.
    private static let idle = try! JSONParser.parse(Data("null".utf8))

    /// Readies a finished walk for `instance`; its buffers keep their capacity (a run's bodies are
    /// checked without allocating a walk each).
    func restart(with instance: Document) {
        document = instance
        reporting = true
        depth = 0
        scope.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
    }

    /// Lets go of the instance and the violations found, the walk being kept for the next.
    func finish() {
        document = Self.idle
        violations = []
    }

    /// True when `instance` is valid against `node`; what breaks it is added to `violations` while reporting.
    func check(_ instance: NodeID, _ node: SchemaNode, _ evaluated: inout SchemaEvaluated?) -> Bool {
        if let verdict = node.verdict {
            if !verdict { fail(instance, node, "false", "no value is allowed here") }
            return verdict
        }
        guard depth < Self.maximumDepth, violations.count < maximumViolations else {
            if depth >= Self.maximumDepth {
                fail(instance, node, "$ref", "nested more than \(Self.maximumDepth) schemas deep: not checked further")
            }
            return false
        }
        depth += 1
        let entered = scope.last != node.resource
        if entered { scope.append(node.resource) }
        defer {
            depth -= 1
            if entered { scope.removeLast() }
        }
        var local: SchemaEvaluated? = node.tracksEvaluation || evaluated != nil ? SchemaEvaluated() : nil
        let first = members.count
        if node.readsMembers, document.kind(of: instance) == .object {
            if members.capacity == 0 { members.reserveCapacity(32) }  // one buffer for the walk, not one per doubling
            let names = node.names
            document.forEachMember(of: instance) { value, key in
                members.append(Member(value: value, name: names?.index(of: key) ?? -1))
            }
        }
        let own = first..<members.count
        defer { members.removeLast(members.count - first) }
        var valid = true
        for keyword in node.keywords where !check(instance, keyword, node, own, &local) {
            valid = false
            if !reporting { return false }
        }
        if valid, let local, evaluated != nil { evaluated!.merge(local) }
        return valid
    }

    // MARK: - Keywords

    private func check(
        _ instance: NodeID, _ keyword: SchemaKeyword, _ node: SchemaNode, _ own: Range<Int>, _ evaluated: inout SchemaEvaluated?
    ) -> Bool {
        let kind = document.kind(of: instance)
        switch keyword {
        case .type(let types):
            guard !types.contains(type(of: instance)) else { return true }
            if types.contains(.integer), kind == .number, isInteger(instance) { return true }
            return fail(instance, node, "type", "expected \(types.names), found \(type(of: instance).names)")
        case .enumeration(let values, let strings):
            return isListed(instance, strings) ?? values.contains(SchemaValue(instance, in: document))
                || fail(instance, node, "enum", "is not one of the values `enum` allows")
        case .constant(let value):
            return SchemaValue(instance, in: document) == value || fail(instance, node, "const", "is not the value `const` requires")
        case .bound(let limit, let bound, let name, let integer):
            guard kind == .number else { return true }
            let order: Int
            if let integer, let value = smallInteger(instance) {
                order = value < integer ? -1 : value == integer ? 0 : 1
            } else {
                guard let value = number(instance) else { return true }
                order = value < limit ? -1 : value == limit ? 0 : 1
            }
            let ok: Bool
            let words: String
            switch bound {
            case .minimum: (ok, words) = (order >= 0, "at least")
            case .exclusiveMinimum: (ok, words) = (order > 0, "more than")
            case .maximum: (ok, words) = (order <= 0, "at most")
            case .exclusiveMaximum: (ok, words) = (order < 0, "less than")
            }
            return ok || fail(instance, node, name, "must be \(words) \(literal(of: name, in: node))")
        case .multipleOf(let divisor, let approximate):
            guard kind == .number, let value = number(instance) else { return true }
            let ok =
                value.isMultiple(of: divisor)
                ?? {
                    let quotient = (document.doubleValue(of: instance) ?? 0) / approximate
                    return quotient.isFinite && quotient == quotient.rounded()
                }()
            return ok || fail(instance, node, "multipleOf", "is not a multiple of \(literal(of: "multipleOf", in: node))")
        case .minLength(let limit):
            guard kind == .string else { return true }
            return length(of: instance) >= limit || fail(instance, node, "minLength", "is shorter than \(limit) characters")
        case .maxLength(let limit):
            guard kind == .string else { return true }
            return length(of: instance) <= limit || fail(instance, node, "maxLength", "is longer than \(limit) characters")
        case .pattern(let expression):
            guard kind == .string else { return true }
            do {
                let text = document.value(of: instance) ?? ""
                return try !RegexSearch.matches(expression, in: text, all: false).isEmpty
                    || fail(instance, node, "pattern", "does not match `\(expression.pattern)`")
            } catch {
                return fail(instance, node, "pattern", error.description)
            }
        case .format(let name):
            guard kind == .string, let text = document.value(of: instance) else { return true }
            return SchemaFormat.isValid(text, format: name, dialect: dialect)
                || fail(instance, node, "format", "is not a valid \(name)")
        case .minItems(let limit):
            guard kind == .array else { return true }
            return document.childCount(of: instance) >= limit || fail(instance, node, "minItems", "has fewer than \(limit) items")
        case .maxItems(let limit):
            guard kind == .array else { return true }
            return document.childCount(of: instance) <= limit || fail(instance, node, "maxItems", "has more than \(limit) items")
        case .uniqueItems:
            guard kind == .array else { return true }
            var seen: Set<SchemaValue> = []
            for item in document.children(of: instance) where !seen.insert(SchemaValue(item, in: document)).inserted {
                return fail(instance, node, "uniqueItems", "has the same item twice")
            }
            return true
        case .prefixItems(let schemas, _):
            guard kind == .array else { return true }
            var valid = true
            for (position, item) in document.children(of: instance).enumerated() {
                guard position < schemas.count else { break }
                valid = descend(item, .item(position), schemas[position]) && valid
                evaluated?.children.insert(item.index)
                if !valid, !reporting { return false }
            }
            return valid
        case .items(let schema, let start, _):
            guard kind == .array else { return true }
            var valid = true
            for (position, item) in document.children(of: instance).enumerated() where position >= start {
                valid = descend(item, .item(position), schema) && valid
                if !valid, !reporting { return false }
            }
            if evaluated != nil { evaluated!.all = true }
            return valid
        case .contains(let schema, let minimum, let maximum):
            guard kind == .array else { return true }
            var found = 0
            quietly {
                for (position, item) in document.children(of: instance).enumerated() where descend(item, .item(position), schema) {
                    found += 1
                    if dialect == .draft2020 { evaluated?.children.insert(item.index) }
                }
            }
            if found < minimum {
                return fail(
                    instance, node, minimum == 1 ? "contains" : "minContains", "has fewer than \(minimum) items that match `contains`")
            }
            if let maximum, found > maximum {
                return fail(instance, node, "maxContains", "has more than \(maximum) items that match `contains`")
            }
            return true
        case .minProperties(let limit):
            return kind != .object || own.count >= limit || fail(instance, node, "minProperties", "has fewer than \(limit) properties")
        case .maxProperties(let limit):
            return kind != .object || own.count <= limit || fail(instance, node, "maxProperties", "has more than \(limit) properties")
        case .required(let numbers):
            guard kind == .object else { return true }
            var missing: [Int] = []
            for number in numbers where !own.contains(where: { members[$0].name == number }) && !isOneWay(number, of: node) {
                missing.append(number)
            }
            guard !missing.isEmpty, let names = node.names?.names else { return true }
            return fail(instance, node, "required", "lacks the required \(missing.map { "`\(names[$0])`" }.joined(separator: ", "))")
        case .properties(let schemas):
            var valid = true
            for position in own {
                let member = members[position]
                guard member.name >= 0, member.name < schemas.count else { continue }
                let schema = schemas[member.name]
                let value = member.value
                evaluated?.children.insert(value.index)
                if direction == .response, schema.writeOnly {
                    valid = fail(value, schema, "writeOnly", "is write-only and has no place in a response") && valid
                } else if direction == .request, schema.readOnly {
                    valid = fail(value, schema, "readOnly", "is read-only and has no place in a request") && valid
                }
                valid = descend(value, .member(value), schema) && valid
                if !valid, !reporting { return false }
            }
            return valid
        case .patternProperties(let patterns):
            var valid = true
            for (key, value) in keys(own) {
                for (expression, schema) in patterns where matches(expression, key) {
                    evaluated?.children.insert(value.index)
                    valid = descend(value, .member(value), schema) && valid
                    if !valid, !reporting { return false }
                }
            }
            return valid
        case .additionalProperties(let schema, let known, let patterns):
            var extra: [NodeID] = []
            for position in own where members[position].name < 0 || members[position].name >= known {
                let value = members[position].value
                if !patterns.isEmpty, let key = document.key(of: value), patterns.contains(where: { matches($0, key) }) { continue }
                extra.append(value)
            }
            if evaluated != nil { evaluated!.all = true }
            if schema.verdict == false, !extra.isEmpty {
                return fail(instance, node, "additionalProperties", "has properties the schema does not allow: \(names(extra))")
            }
            var valid = true
            for value in extra {
                valid = descend(value, .member(value), schema) && valid
                if !valid, !reporting { return false }
            }
            return valid
        case .dependentRequired(let dependencies, let name):
            let members = keys(own)
            for (key, required) in dependencies where members.contains(where: { $0.key == key }) {
                let missing = required.filter { needed in !members.contains { $0.key == needed } }
                if !missing.isEmpty {
                    return fail(instance, node, name, "has `\(key)` but lacks \(missing.map { "`\($0)`" }.joined(separator: ", "))")
                }
            }
            return true
        case .dependentSchemas(let dependencies, _):
            let members = keys(own)
            var valid = true
            for (key, schema) in dependencies where members.contains(where: { $0.key == key }) {
                valid = check(instance, schema, &evaluated) && valid
                if !valid, !reporting { return false }
            }
            return valid
        case .propertyNames(let schema):
            for (key, _) in keys(own) where !nameIsValid(key, schema) {
                return fail(instance, node, "propertyNames", "has a property name the schema does not allow: `\(key)`")
            }
            return true
        case .allOf(let schemas):
            var valid = true
            for schema in schemas {
                valid = check(instance, schema, &evaluated) && valid
                if !valid, !reporting { return false }
            }
            return valid
        case .anyOf(let schemas):
            var valid = false
            quietly {
                for schema in schemas {
                    var branch: SchemaEvaluated? = evaluated == nil ? nil : SchemaEvaluated()
                    guard check(instance, schema, &branch) else { continue }
                    valid = true
                    guard let branch else { break }
                    evaluated?.merge(branch)
                }
            }
            return valid
                || discriminated(instance, node, &evaluated) ?? fail(instance, node, "anyOf", "matches none of the schemas `anyOf` lists")
        case .oneOf(let schemas):
            var matched: (first: Int?, second: Int?)  // the first two branches that match (no list to allocate)
            quietly {
                for (position, schema) in schemas.enumerated() {
                    var branch: SchemaEvaluated? = evaluated == nil ? nil : SchemaEvaluated()
                    guard check(instance, schema, &branch) else { continue }
                    if let branch { evaluated?.merge(branch) }
                    guard matched.first != nil else {
                        matched.first = position
                        continue
                    }
                    matched.second = position
                    break
                }
            }
            guard let first = matched.first else {
                return discriminated(instance, node, &evaluated)
                    ?? fail(instance, node, "oneOf", "matches none of the schemas `oneOf` lists")
            }
            if let second = matched.second {
                return fail(instance, node, "oneOf", "matches more than one of the schemas `oneOf` lists (\(first) and \(second))")
            }
            return true
        case .not(let schema):
            var ignored: SchemaEvaluated?
            let matched = quietly { check(instance, schema, &ignored) }
            return !matched || fail(instance, node, "not", "matches the schema `not` forbids")
        case .conditional(let condition, let then, let otherwise):
            var branch: SchemaEvaluated? = evaluated == nil ? nil : SchemaEvaluated()
            let holds = quietly { check(instance, condition, &branch) }
            if holds, let branch { evaluated?.merge(branch) }
            guard let next = holds ? then : otherwise else { return true }
            return check(instance, next, &evaluated)
        case .ref(let target):
            return check(instance, target, &evaluated)
        case .dynamicRef(let target, let anchor, let recursive):
            return check(instance, dynamicTarget(target, anchor: anchor, recursive: recursive), &evaluated)
        case .unevaluatedProperties(let schema):
            guard kind == .object else { return true }
            let local = evaluated ?? SchemaEvaluated()
            let extra = own.map { members[$0].value }.filter { !local.contains($0) }
            if evaluated != nil { evaluated!.all = true }
            if schema.verdict == false, !extra.isEmpty {
                return fail(instance, node, "unevaluatedProperties", "has properties no keyword evaluated: \(names(extra))")
            }
            var valid = true
            for value in extra { valid = descend(value, .member(value), schema) && valid }
            return valid
        case .unevaluatedItems(let schema):
            guard kind == .array else { return true }
            let local = evaluated ?? SchemaEvaluated()
            var valid = true
            for (position, item) in document.children(of: instance).enumerated() where !local.contains(item) {
                if schema.verdict == false { return fail(instance, node, "unevaluatedItems", "has items no keyword evaluated") }
                valid = descend(item, .item(position), schema) && valid
            }
            if evaluated != nil { evaluated!.all = true }
            return valid
        }
    }

    // MARK: - Helpers

    /// When no branch matched and the schema has a discriminator: the violations of the branch the
    /// value names (or one saying the name is missing or unknown), and false; nil without a discriminator.
    private func discriminated(_ instance: NodeID, _ node: SchemaNode, _ evaluated: inout SchemaEvaluated?) -> Bool? {
        guard let (property, mapping) = node.discriminator, document.kind(of: instance) == .object else { return nil }
        guard let member = document.member(property, of: instance), let name = document.string(at: member) else {
            return fail(instance, node, "discriminator", "lacks the discriminator `\(property)` that names its schema")
        }
        guard let branch = mapping[name] else {
            return fail(member, node, "discriminator", "names `\(name)`, which the discriminator does not map to a schema")
        }
        _ = check(instance, branch, &evaluated)
        return false
    }

    /// Checks a child of the current node, with the path extended for the violations' pointers.
    private func descend(_ child: NodeID, _ step: Step, _ node: SchemaNode) -> Bool {
        if path.capacity == 0 { path.reserveCapacity(16) }  // one buffer for the walk, not one per doubling
        path.append(step)
        defer { path.removeLast() }
        var none: SchemaEvaluated?
        return check(child, node, &none)
    }

    /// Runs `body` without reporting violations (a branch that is only tried).
    func quietly<T>(_ body: () -> T) -> T {
        let was = reporting
        reporting = false
        defer { reporting = was }
        return body()
    }

    /// Where a `$dynamicRef` or `$recursiveRef` goes, given the resources the walk has entered.
    private func dynamicTarget(_ target: SchemaNode, anchor: String?, recursive: Bool) -> SchemaNode {
        if recursive {
            guard schema.recursiveRoots[target.resource] != nil else { return target }
            var chosen = target
            for resource in scope.reversed() {
                guard let root = schema.recursiveRoots[resource] else { break }
                chosen = root
            }
            return chosen
        }
        guard let anchor else { return target }
        for resource in scope {
            if let found = schema.dynamicAnchors[resource]?[anchor] { return found }
        }
        return target
    }

    /// Checks a property name as a string instance of its own (`propertyNames`).
    private func nameIsValid(_ name: String, _ node: SchemaNode) -> Bool {
        guard let text = try? JSONParser.parse(Data(JSONStringLiteral.make(name).utf8)) else { return false }
        let inner = SchemaValidation(document: text, schema: schema)
        inner.reporting = false
        var none: SchemaEvaluated?
        return inner.check(text.root, node, &none)
    }

    private func type(of node: NodeID) -> SchemaTypes {
        switch document.kind(of: node) {
        case .object: .object
        case .array: .array
        case .string: .string
        case .bool: .boolean
        case .null: .null
        default: .number
        }
    }

    private func number(_ node: NodeID) -> DecimalNumber? { document.value(of: node).flatMap { DecimalNumber($0) } }

    /// True when a number has no fractional part: at once from the bytes when it is written
    /// without a fraction or exponent, else computed exactly (`1.0`, `1e3`).
    private func isInteger(_ node: NodeID) -> Bool {
        let range = document.byteRange(of: node)
        let plain = document.bytes.withUnsafeBytes { raw in !raw[range].contains { $0 == 0x2E || $0 == 0x65 || $0 == 0x45 } }
        return plain || number(node)?.isInteger == true
    }

    /// A number written as a plain integer of at most 18 digits, read from the bytes; nil otherwise.
    private func smallInteger(_ node: NodeID) -> Int64? {
        let range = document.byteRange(of: node)
        return document.bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int64? in
            var index = range.lowerBound
            let negative = raw[index] == 0x2D
            if negative { index += 1 }
            guard range.upperBound - index <= 18, index < range.upperBound else { return nil }
            var value: Int64 = 0
            while index < range.upperBound {
                let digit = raw[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }
    }

    /// The length of a string in Unicode scalars, as JSON Schema counts.
    private func length(of node: NodeID) -> Int { (document.value(of: node) ?? "").unicodeScalars.count }

    func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        (try? RegexSearch.matches(expression, in: text, all: false).isEmpty == false) ?? false
    }

    /// The members at `positions` of `members` with their keys decoded (for the keywords that compare names as text).
    private func keys(_ positions: Range<Int>) -> [(key: String, value: NodeID)] {
        positions.map { (document.key(of: members[$0].value) ?? "", members[$0].value) }
    }

    private func names(_ values: [NodeID]) -> String {
        values.prefix(5).map { "`\(document.key(of: $0) ?? "")`" }.joined(separator: ", ")
            + (values.count > 5 ? " and \(values.count - 5) more" : "")
    }

    /// Whether a string instance is one of an `enum`'s `strings`, read from its bytes in place; nil
    /// when that cannot say (not a string, or one with escapes, or not JSON: then its value is compared).
    private func isListed(_ instance: NodeID, _ strings: [[UInt8]]) -> Bool? {
        guard document.format == .json, document.kind(of: instance) == .string else { return nil }
        let range = document.byteRange(of: instance)
        return document.bytes.withUnsafeBytes { raw -> Bool? in
            let text = UnsafeRawBufferPointer(rebasing: raw[range.lowerBound + 1..<range.upperBound - 1])
            guard !text.contains(UInt8(ascii: "\\")) else { return nil }
            return strings.contains { $0.elementsEqual(text) }
        }
    }

    /// A keyword's value as written in the schema, for messages.
    private func literal(of keyword: String, in node: SchemaNode) -> String {
        let tree = schema.registry.documents[node.document].document
        return tree.member(keyword, of: node.node).map { tree.literal(of: $0) } ?? keyword
    }

    /// Records a violation (while reporting) and returns false.
    @discardableResult
    func fail(_ instance: NodeID, _ node: SchemaNode, _ keyword: String, _ message: @autoclosure () -> String) -> Bool {
        guard reporting else { return false }
        var pointer = ""
        for step in path {
            switch step {
            case .member(let member): pointer += "/" + SchemaURI.escapeToken(document.key(of: member) ?? "")
            case .item(let position): pointer += "/\(position)"
            }
        }
        violations.append(
            SchemaViolation(
                instancePointer: pointer, node: instance, offset: document.byteRange(of: instance).lowerBound, keyword: keyword,
                schemaLocation: node.location + "/" + keyword, message: message()))
        return false
    }

    /// True when the property numbered `name` of `node` goes only the other way (OpenAPI: a `readOnly`
    /// property is not required in a request, a `writeOnly` one not in a response), through its `$ref`s.
    private func isOneWay(_ name: Int, of node: SchemaNode) -> Bool {
        guard direction != .either else { return false }
        for case .properties(let schemas) in node.keywords where name < schemas.count {
            var property: SchemaNode? = schemas[name]
            var hops = 0
            while let current = property, hops < 32 {
                if direction == .request ? current.readOnly : current.writeOnly { return true }
                guard case .ref(let target)? = current.keywords.first else { return false }
                property = target
                hops += 1
            }
        }
        return false
    }
}
