import Synchronization

/// The schema of a parameter, header or media type: where it is in the document, and its compiled
/// validators once an exchange needed them. The contract compiles each pointer once (its table is
/// shared by every place a `$ref` leads to the same schema); each `ContractSchema` keeps what the
/// table gave it, so an exchange's checks look up no pointer.
final class ContractSchema: Sendable, Hashable {
    /// JSON pointer to the schema (`/paths/~1pets/get/parameters/0/schema`).
    let pointer: String
    /// For requests and for responses (OpenAPI's `readOnly` and `writeOnly` differ).
    private let compiled = Mutex<(request: Result<SchemaValidator, SchemaProblem>?, response: Result<SchemaValidator, SchemaProblem>?)>(
        (nil, nil))

    init(pointer: String) { self.pointer = pointer }

    /// The validator for `direction`, taken from `make` the first time.
    func validator(
        _ direction: SchemaOptions.Direction, make: () -> Result<SchemaValidator, SchemaProblem>
    ) -> Result<SchemaValidator, SchemaProblem> {
        let known = compiled.withLock { direction == .request ? $0.request : $0.response }
        if let known { return known }
        let made = make()
        compiled.withLock { compiled in
            if direction == .request { compiled.request = made } else { compiled.response = made }
        }
        return made
    }

    static func == (left: ContractSchema, right: ContractSchema) -> Bool { left.pointer == right.pointer }

    func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
