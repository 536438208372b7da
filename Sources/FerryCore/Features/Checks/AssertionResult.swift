/// How one assertion fared: passed or not, with what was actually found, or why it could not be checked.
public struct AssertionResult: Sendable, Hashable {
    public var assertion: Assertion
    public var passed: Bool
    /// What the response held, as a report shows it.
    public var actual: String
    /// Why it could not be evaluated (then it did not pass).
    public var problem: String?
    /// A schema check's violations, each with its node in the body's document (for the TUI's Tree).
    public var violations: [SchemaViolation]

    public init(assertion: Assertion, passed: Bool, actual: String, problem: String? = nil, violations: [SchemaViolation] = []) {
        self.assertion = assertion
        self.passed = passed
        self.actual = actual
        self.problem = problem
        self.violations = violations
    }

    /// `expected $.id > 6, actual 3`, or `$.id > 6: why it could not be checked`.
    public var failureMessage: String {
        problem.map { "\(assertion.text): \($0)" } ?? "expected \(assertion.text), actual \(actual)"
    }

    /// `✓ status == 200` or `✗ $.id > 6 (actual 3)`.
    public var line: String {
        let mark = passed ? "✓" : "✗"
        if let problem { return "\(mark) \(assertion.text): \(problem)" }
        return passed ? "\(mark) \(assertion.text)" : "\(mark) \(assertion.text) (actual \(actual))"
    }
}
