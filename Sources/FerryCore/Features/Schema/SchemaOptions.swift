/// How a schema is compiled and checked.
public struct SchemaOptions: Sendable {
    /// Which way a message goes, for OpenAPI's `readOnly` (not in requests) and `writeOnly` (not in responses).
    public enum Direction: Sendable {
        case either, request, response
    }

    /// The dialect when the schema has no `$schema` (an OpenAPI document's own version otherwise).
    public var dialect: SchemaDialect?
    /// `format` as an assertion (a date-time that is not one fails) rather than an annotation.
    public var formatAssertion: Bool
    public var direction: Direction
    /// The schema's own URI, against which its relative `$ref`s resolve (`file:///…/pet.json`).
    public var baseURI: String
    /// The schema document's name in locations (empty for the one given: `#/properties/id`).
    public var documentName: String
    /// Brings the documents other `$ref`s name; nil reads none.
    public var loader: SchemaLoader?
    /// Validation stops after this many violations.
    public var maximumViolations: Int

    public init(
        dialect: SchemaDialect? = nil, formatAssertion: Bool = false, direction: Direction = .either, baseURI: String = "urn:ferry:schema",
        documentName: String = "", loader: SchemaLoader? = nil, maximumViolations: Int = 100
    ) {
        self.dialect = dialect
        self.formatAssertion = formatAssertion
        self.direction = direction
        self.baseURI = baseURI
        self.documentName = documentName
        self.loader = loader
        self.maximumViolations = maximumViolations
    }
}
