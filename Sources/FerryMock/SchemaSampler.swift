import FerryCore

/// A value for a JSON schema of an OpenAPI document, the same every time: `const`, else (when
/// `usesExamples`) the schema's example or default, else the first `enum` value, else one built from
/// `type` and its bounds, `format`, simple `pattern`s, `required` and `properties`, `items`, the first
/// member of `oneOf`/`anyOf`, `allOf`'s members merged; `$ref`s followed within the document;
/// `writeOnly` properties left out of responses. Past `deepening` levels only required properties and
/// the fewest items are made, so recursive schemas end.
struct SchemaSampler {
    let root: Parameters
    var usesExamples: Bool
    static let deepening = 6
    static let maximumDepth = 40
    /// The most values one sample makes: schemas whose required members refer to themselves
    /// twice would otherwise double at each level.
    private var remaining = 20_000

    init(root: Parameters, usesExamples: Bool) {
        self.root = root
        self.usesExamples = usesExamples
    }

    mutating func sample(_ schema: Parameters, depth: Int = 0) -> Parameters {
        remaining -= 1
        guard remaining > 0 else { return .null }
        if case .bool = schema { return .string("string") }
        if let target = reference(of: schema) {
            guard depth < Self.maximumDepth, let resolved = JSONPointer.value(at: target, in: root) else { return .null }
            return sample(resolved, depth: depth + 1)
        }
        if let constant = schema.member("const") { return constant }
        if usesExamples {
            if let example = schema.member("example") { return example }
            if let first = schema.member("examples")?.items?.first { return first }
            if let fallback = schema.member("default") { return fallback }
        }
        if let first = schema.member("enum")?.items?.first(where: { $0 != .null }) ?? schema.member("enum")?.items?.first { return first }
        if let members = schema.member("allOf")?.items, !members.isEmpty { return merged(members, besides: schema, depth: depth) }
        for key in ["oneOf", "anyOf"] {
            if let first = schema.member(key)?.items?.first { return sample(first, depth: depth + 1) }
        }
        switch type(of: schema) {
        case "object": return object(schema, depth: depth)
        case "array": return array(schema, depth: depth)
        case "integer": return .number(integer(schema))
        case "number": return .number(number(schema))
        case "boolean": return .bool(true)
        case "null": return .null
        default: return .string(string(schema))
        }
    }

    private func reference(of schema: Parameters) -> String? {
        guard let target = schema.member("$ref")?.text, target.hasPrefix("#") else { return nil }
        return String(target.dropFirst())
    }

    /// The schema's type: the first of a list that is not `null`, else guessed from its keywords.
    private func type(of schema: Parameters) -> String {
        if let type = schema.member("type")?.text { return type }
        if let types = schema.member("type")?.items?.compactMap(\.text) { return types.first { $0 != "null" } ?? "null" }
        if schema.member("properties") != nil || schema.member("required") != nil || schema.member("additionalProperties") != nil {
            return "object"
        }
        if schema.member("items") != nil || schema.member("prefixItems") != nil { return "array" }
        if schema.member("minimum") != nil || schema.member("maximum") != nil { return "number" }
        return "string"
    }

    private mutating func object(_ schema: Parameters, depth: Int) -> Parameters {
        let required = Set(schema.member("required")?.items?.compactMap(\.text) ?? [])
        var entries: [(key: String, value: Parameters)] = []
        for (name, property) in schema.member("properties")?.members ?? [] {
            guard required.contains(name) || (depth < Self.deepening && !isWriteOnly(property)) else { continue }
            entries.append((name, sample(property, depth: depth + 1)))
        }
        for name in required where !entries.contains(where: { $0.key == name }) {
            let extra = schema.member("additionalProperties").flatMap { $0 == .bool(true) ? nil : $0 }
            entries.append((name, extra.map { sample($0, depth: depth + 1) } ?? .string("string")))
        }
        let least = count("minProperties", of: schema) ?? 0
        if entries.count < least, let extra = schema.member("additionalProperties"), extra != .bool(false) {
            for index in entries.count..<least {
                entries.append(("property\(index + 1)", extra == .bool(true) ? .string("string") : sample(extra, depth: depth + 1)))
            }
        }
        return .object(entries)
    }

    private func isWriteOnly(_ property: Parameters) -> Bool {
        if property.member("writeOnly")?.isTrue == true { return true }
        guard let target = reference(of: property) else { return false }
        return JSONPointer.value(at: target, in: root)?.member("writeOnly")?.isTrue == true
    }

    private mutating func array(_ schema: Parameters, depth: Int) -> Parameters {
        let least = count("minItems", of: schema) ?? 0
        let most = count("maxItems", of: schema)
        var count = depth < Self.deepening ? max(least, 1) : least
        if let most { count = min(count, most) }
        let prefix = schema.member("prefixItems")?.items ?? []
        let items = schema.member("items").flatMap { $0 == .bool(false) ? nil : $0 }
        var values: [Parameters] = []
        for index in 0..<max(count, prefix.count) {
            if index < prefix.count {
                values.append(sample(prefix[index], depth: depth + 1))
            } else if let items {
                values.append(sample(items, depth: depth + 1))
            } else if index < count {
                values.append(.string("string"))
            }
        }
        if schema.member("uniqueItems")?.isTrue == true { values = distinct(values) }
        return .array(values)
    }

    /// The items made different where they can be (numbers and strings counted on), as `uniqueItems` asks.
    private func distinct(_ values: [Parameters]) -> [Parameters] {
        var seen: [Parameters] = []
        for value in values {
            var candidate = value
            if seen.contains(candidate) {
                switch value {
                case .number(let text): candidate = .number((Double(text) ?? 0) + Double(seen.count))
                case .string(let text): candidate = .string(text + String(seen.count))
                default: break
                }
            }
            if !seen.contains(candidate) { seen.append(candidate) }
        }
        return seen
    }

    /// `allOf`'s members (nested ones and `$ref`s followed) and the schema's own keywords merged into
    /// one schema: properties and `required` together, any other keyword from the first that has it.
    private mutating func merged(_ members: [Parameters], besides schema: Parameters, depth: Int) -> Parameters {
        var parts: [Parameters] = []
        let own = schema.members.filter { $0.key != "allOf" }
        var pending = (own.isEmpty ? [] : [Parameters.object(own)]) + members
        var hops = 0
        while !pending.isEmpty, hops < 64 {
            var part = pending.removeFirst()
            hops += 1
            if let target = reference(of: part), let resolved = JSONPointer.value(at: target, in: root) { part = resolved }
            if let nested = part.member("allOf")?.items {
                pending.insert(contentsOf: nested, at: 0)
                part = .object(part.members.filter { $0.key != "allOf" })
            }
            parts.append(part)
        }
        var keywords: [(key: String, value: Parameters)] = []
        var properties: [(key: String, value: Parameters)] = []
        var required: [Parameters] = []
        for part in parts {
            for (key, value) in part.members {
                switch key {
                case "properties": properties += value.members.filter { member in !properties.contains { $0.key == member.key } }
                case "required": required += (value.items ?? []).filter { !required.contains($0) }
                default: if !keywords.contains(where: { $0.key == key }) { keywords.append((key, value)) }
                }
            }
        }
        if !properties.isEmpty { keywords.append(("properties", .object(properties))) }
        if !required.isEmpty { keywords.append(("required", .array(required))) }
        return sample(.object(keywords), depth: depth + 1)
    }

    /// The largest magnitude an integer is made with (bounds beyond it are brought within).
    static let integerLimit = 9e15

    private func integer(_ schema: Parameters) -> Int {
        let (low, high) = bounds(schema, step: 1)
        let limit = Self.integerLimit
        var value = min(max((low ?? 0).rounded(.up), -limit), limit)
        if let multiple = schema.member("multipleOf")?.numberValue, multiple >= 1, multiple < limit {
            value = (value / multiple).rounded(.up) * multiple
        }
        if let high, value > high { value = high.rounded(.down) }
        return Int(min(max(value, -limit), limit))
    }

    /// A count keyword (`minItems`, `maxLength` …) as an integer within 0…10,000; nil when absent.
    private func count(_ key: String, of schema: Parameters) -> Int? {
        guard let value = schema.member(key)?.numberValue, value.isFinite else { return nil }
        return Int(min(max(value, 0), 10_000))
    }

    private func number(_ schema: Parameters) -> Double {
        let (low, high) = bounds(schema, step: 0.5)
        var value = low ?? 0
        if let multiple = schema.member("multipleOf")?.numberValue, multiple > 0 { value = (value / multiple).rounded(.up) * multiple }
        if let high, value > high { value = high }
        return value
    }

    /// The least and greatest values allowed, exclusive bounds moved in by `step` (OpenAPI 3.0's
    /// boolean `exclusiveMinimum` and 3.1's number).
    private func bounds(_ schema: Parameters, step: Double) -> (Double?, Double?) {
        var low = schema.member("minimum")?.numberValue
        var high = schema.member("maximum")?.numberValue
        switch schema.member("exclusiveMinimum") {
        case .bool(true)?: low = low.map { $0 + step }
        case let value?: if let bound = value.numberValue { low = bound + step }
        case nil: break
        }
        switch schema.member("exclusiveMaximum") {
        case .bool(true)?: high = high.map { $0 - step }
        case let value?: if let bound = value.numberValue { high = bound - step }
        case nil: break
        }
        if low == nil, let high, high < 0 { low = high }
        return (low, high)
    }

    private func string(_ schema: Parameters) -> String {
        let format = schema.member("format")?.text
        var text = schema.member("pattern")?.text.flatMap(PatternSample.string(for:)) ?? Self.string(format: format)
        let least = count("minLength", of: schema) ?? 0
        if let most = count("maxLength", of: schema), text.count > most { text = String(text.prefix(most)) }
        if text.count < least { text += String(repeating: "a", count: least - text.count) }
        return text
    }

    /// A string of the given format.
    static func string(format: String?) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "time": "12:00:00Z"
        case "duration": "P1D"
        case "uuid": "00000000-0000-4000-8000-000000000000"
        case "email", "idn-email": "user@example.com"
        case "uri", "url", "iri", "uri-reference", "iri-reference": "https://example.com"
        case "hostname", "idn-hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "c3RyaW5n"
        case "binary": "binary"
        case "password": "password"
        case "int32", "int64": "0"
        default: "string"
        }
    }
}
