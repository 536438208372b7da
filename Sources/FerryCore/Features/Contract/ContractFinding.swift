/// One way an exchange breaks its OpenAPI contract: the operation (`GET /pets/{petId}`), the part
/// of the message (`status`, `content type`, `header X-Rate-Limit`, `body`, `parameter limit (query)`),
/// the keyword that failed, where it is in the document, and what is wrong; a schema's violations
/// each with the instance's pointer and the keyword's location.
public struct ContractFinding: Error, Sendable, Hashable {
    public var operation: String
    public var part: String
    public var keyword: String
    /// Where the failed keyword is: `#/paths/~1pets/get/responses` or a schema's `#/components/schemas/Pet/properties/id/type`.
    public var schemaLocation: String
    public var message: String
    /// The schema's violations, for a body or a value (pointers into the body's document).
    public var violations: [SchemaViolation]
    /// The violations as lines, each with its line and column in the body when it has one.
    public var details: [String]

    public init(
        operation: String, part: String, keyword: String, schemaLocation: String, message: String, violations: [SchemaViolation] = [],
        details: [String] = []
    ) {
        self.operation = operation
        self.part = part
        self.keyword = keyword
        self.schemaLocation = schemaLocation
        self.message = message
        self.violations = violations
        self.details = details
    }

    /// `contract GET /pets/{petId}: status`.
    public var subject: String { "contract \(operation): \(part)" }

    /// `contract GET /pets/{petId}: status: 418 is not declared … [#/paths/…/responses]`, then the violations.
    public var text: String { ([subject + ": " + message + " [\(schemaLocation)]"] + details).joined(separator: "\n") }

    /// The finding as a failed check, beside `expect:`'s.
    public var result: AssertionResult {
        AssertionResult(
            assertion: Assertion(.contract(subject), .exists(true)), passed: false, actual: "",
            problem: ([message + " [\(schemaLocation)]"] + details).joined(separator: "\n"), violations: violations)
    }
}
