import FerryCore
import OpenAPIKit

/// A plausible value for a JSON schema, for a request body or parameter that has no example: the
/// schema's own example, default or first enum value, else objects with their properties (but the
/// `readOnly` ones), arrays with one item, and strings shaped by their format. References are looked
/// up in the document's components one at a time, so recursive schemas end at `maxDepth` instead
/// of looping.
struct SchemaSample {
    let components: OpenAPI.Components
    /// References that could not be followed (another file, or missing), for the report.
    private(set) var unresolved: [String] = []

    static let maxDepth = 8

    init(components: OpenAPI.Components) {
        self.components = components
    }

    mutating func value(for schema: JSONSchema, depth: Int = 0) -> Parameters {
        if let example = schema.examples.first { return Parameters(openAPI: example) }
        if let fallback = schema.defaultValue { return Parameters(openAPI: fallback) }
        if let first = schema.allowedValues?.first { return Parameters(openAPI: first) }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(true)
        case .integer(_, let context): return .number(context.minimum.map { $0.exclusive ? $0.value + 1 : $0.value } ?? 0)
        case .number(_, let context): return .number(context.minimum?.value ?? 0)
        case .string(let core, _): return .string(Self.string(format: core.formatString))
        case .object(_, let context):
            guard depth < Self.maxDepth else { return .object([]) }
            var entries: [(key: String, value: Parameters)] = []
            for (name, property) in context.properties where !property.readOnly {  // a request does not send them
                entries.append((key: name, value: value(for: property, depth: depth + 1)))
            }
            return .object(entries)
        case .array(_, let context):
            guard depth < Self.maxDepth, let items = context.items else { return .array([]) }
            return .array([value(for: items, depth: depth + 1)])
        case .all(let schemas, _):
            // allOf: the members' properties together; the first member wins a repeated key.
            var entries: [(key: String, value: Parameters)] = []
            for member in schemas {
                guard case .object(let more) = value(for: member, depth: depth + 1) else { continue }
                entries += more.filter { entry in !entries.contains { $0.key == entry.key } }
            }
            if entries.isEmpty, let first = schemas.first { return value(for: first, depth: depth + 1) }
            return .object(entries)
        case .one(let schemas, _), .any(let schemas, _):
            return schemas.first.map { value(for: $0, depth: depth + 1) } ?? .null
        case .not:
            return .null
        case .reference(let reference, _):
            guard depth < Self.maxDepth else { return .null }
            guard reference.isInternal, let target = try? components.lookupOnce(schema), target != schema else {
                if !unresolved.contains(reference.absoluteString) { unresolved.append(reference.absoluteString) }
                return .null
            }
            return value(for: target, depth: depth + 1)
        case .fragment:
            return .string("")
        }
    }

    /// A string of the given format.
    static func string(format: String?) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "time": "12:00:00"
        case "uuid": "00000000-0000-4000-8000-000000000000"
        case "email": "user@example.com"
        case "uri", "url", "iri": "https://example.com"
        case "hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "c3RyaW5n"
        case "binary": ""
        case "password": "password"
        default: "string"
        }
    }
}
