/// `expect: body: schema:` (and `--expect-schema`): the JSON Schema a response body must satisfy,
/// compiled when the request is read, so a schema Ferry cannot use is refused before anything is sent.
public struct BodySchema: Sendable, Hashable {
    /// The schema file as written (`schemas/pet.json`, `openapi.yaml#/components/schemas/Pet`); nil when inline.
    public let file: String?
    /// An inline schema as JSON text; nil for a file.
    public let json: String?
    public let compiled: SchemaValidator

    public init(file: String?, json: String?, compiled: SchemaValidator) {
        self.file = file
        self.json = json
        self.compiled = compiled
    }

    /// `pets.json`, or `(inline)`.
    public var name: String { file ?? "(inline)" }

    public static func == (lhs: BodySchema, rhs: BodySchema) -> Bool { lhs.file == rhs.file && lhs.json == rhs.json }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(json)
    }

    /// Checks a body: no problem when valid, else the violations in words, one per line (the first
    /// ten), and all of them.
    func check(_ document: Document?, reason: String?) -> (problem: String?, violations: [SchemaViolation]) {
        guard let document, document.format == .json else { return ("the body is not JSON" + (reason.map { " (\($0))" } ?? ""), []) }
        let violations = compiled.violations(of: document)
        guard !violations.isEmpty else { return (nil, []) }
        let lines = violations.prefix(10).map { SchemaViolationText.line($0, in: document) }
        let more = violations.count > 10 ? ["… and \(violations.count - 10) more"] : []
        let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
        return ("\(count) of \(name):\n" + (lines + more).joined(separator: "\n"), violations)
    }
}
