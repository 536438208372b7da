/// The JSON Schema drafts Ferry validates, and OpenAPI 3.0's schema dialect (draft 4's keywords
/// with `nullable`, `discriminator`, `readOnly` and `writeOnly`; no `null` type, no `$id`).
public enum SchemaDialect: String, Sendable, CaseIterable {
    case draft4 = "draft-04"
    case draft6 = "draft-06"
    case draft7 = "draft-07"
    case draft2019 = "2019-09"
    case draft2020 = "2020-12"
    case openAPI30 = "openapi-3.0"

    /// The dialect a `$schema` URI names, or nil when Ferry does not know it.
    public init?(schemaURI: String) {
        var uri = schemaURI
        if uri.hasSuffix("#") { uri.removeLast() }
        if uri.hasPrefix("https://") { uri = "http://" + uri.dropFirst(8) }
        switch uri {
        case "http://json-schema.org/draft-04/schema", "http://json-schema.org/schema": self = .draft4
        case "http://json-schema.org/draft-06/schema": self = .draft6
        case "http://json-schema.org/draft-07/schema": self = .draft7
        case "http://json-schema.org/draft/2019-09/schema": self = .draft2019
        case "http://json-schema.org/draft/2020-12/schema": self = .draft2020
        case "http://spec.openapis.org/oas/3.0/schema/2019-04-02", "http://spec.openapis.org/oas/3.0/schema/2021-09-28": self = .openAPI30
        case "http://spec.openapis.org/oas/3.1/dialect/base": self = .draft2020
        default: return nil
        }
    }

    /// Draft 4 and OpenAPI 3.0: `id`, boolean `exclusiveMinimum`, no boolean schemas.
    var isDraft4Like: Bool { self == .draft4 || self == .openAPI30 }
    /// Up to draft 7 a `$ref` replaces its siblings; from 2019-09 it is a keyword like the others.
    var refOverridesSiblings: Bool { self != .draft2019 && self != .draft2020 }
    /// 2019-09 and later: `$anchor`, `$defs`, `dependentSchemas`, `unevaluated*`, `minContains`.
    var isModern: Bool { self == .draft2019 || self == .draft2020 }
    /// The keyword naming a schema resource (OpenAPI 3.0 has none).
    var idKeyword: String? {
        switch self {
        case .openAPI30: nil
        case .draft4: "id"
        default: "$id"
        }
    }
}
