import FerryCore

/// One check of a recorded exchange, as the history keeps it: an `expect:` assertion or a contract
/// check (`contract GET /pets/{petId}: status`), whether it passed, and why not.
public struct RecordedCheck: Codable, Sendable, Hashable {
    public var check: String
    public var passed: Bool
    /// What was found, or why it could not be checked (a schema's violations, one per line).
    public var problem: String?

    public init(check: String, passed: Bool, problem: String?) {
        self.check = check
        self.passed = passed
        self.problem = problem
    }

    /// A result as recorded (the exchange's secrets are replaced by `HistoryEntry.redact`).
    init(_ result: AssertionResult) {
        let found = result.problem ?? (result.passed ? nil : "actual " + result.actual)
        self.init(check: result.assertion.text, passed: result.passed, problem: found)
    }

    /// `✓ status == 200`, `✗ contract GET /pets: status: 500 is not declared (200)`.
    public var line: String { (passed ? "✓ " : "✗ ") + check + (problem.map { ": " + $0 } ?? "") }
}
