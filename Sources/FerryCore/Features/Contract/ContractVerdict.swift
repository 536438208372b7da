/// What the contract made of one exchange: the operation it matched (nil: none), the declared
/// response its status selected (`200`, `4XX`, `default`; nil: none), and the findings.
public struct ContractVerdict: Sendable, Hashable {
    public var operation: String?
    public var status: String?
    public var findings: [ContractFinding]
    /// The declared response's passed check, made once with the document (`ContractResponse`): a
    /// passing exchange then builds no text. Nil: made when asked.
    var passedChecks: [AssertionResult]?

    public init(operation: String?, status: String?, findings: [ContractFinding]) {
        self.operation = operation
        self.status = status
        self.findings = findings
    }

    public var passed: Bool { findings.isEmpty }

    /// The verdict as checks: one passed check naming the operation and status, or one failed check per finding.
    public var results: [AssertionResult] {
        guard passed, let operation else { return findings.map(\.result) }
        return passedChecks ?? [Self.passedCheck(operation: operation, status: status)]
    }

    /// `✓ contract GET /pets → 200`.
    static func passedCheck(operation: String, status: String?) -> AssertionResult {
        let subject = "contract \(operation)" + (status.map { " → \($0)" } ?? "")
        return AssertionResult(assertion: Assertion(.contract(subject), .exists(true)), passed: true, actual: "")
    }

    /// Equal when they say the same: the passed check made ahead is the one `results` would make.
    public static func == (left: ContractVerdict, right: ContractVerdict) -> Bool {
        left.operation == right.operation && left.status == right.status && left.findings == right.findings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(operation)
        hasher.combine(status)
        hasher.combine(findings)
    }
}
