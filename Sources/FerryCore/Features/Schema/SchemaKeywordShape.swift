/// What a keyword's value holds, as far as subschemas go: which members of a schema object are
/// schemas themselves (for finding `$id`s and anchors), by draft.
enum SchemaKeywordShape {
    case schema, schemaArray, schemaOrArray, schemaMap, other

    init(_ keyword: String, dialect: SchemaDialect) {
        let modern = dialect.isModern
        switch keyword {
        case "not", "additionalProperties": self = .schema
        case "if", "then", "else": self = dialect.isDraft4Like || dialect == .draft6 ? .other : .schema
        case "contains", "propertyNames": self = dialect.isDraft4Like ? .other : .schema
        case "additionalItems": self = dialect == .draft2020 ? .other : .schema
        case "unevaluatedItems", "unevaluatedProperties", "contentSchema": self = modern ? .schema : .other
        case "allOf", "anyOf", "oneOf": self = .schemaArray
        case "prefixItems": self = dialect == .draft2020 ? .schemaArray : .other
        case "items": self = dialect == .draft2020 ? .schema : .schemaOrArray
        case "properties", "patternProperties", "definitions": self = .schemaMap
        case "$defs", "dependentSchemas": self = modern ? .schemaMap : .other
        case "dependencies": self = modern ? .other : .schemaMap
        default: self = .other
        }
    }
}
