/// What the contract made of one exchange: the operation it matched (nil: none), the declared
/// response its status selected (`200`, `4XX`, `default`; nil: none), and the findings.
public struct ContractVerdict: Sendable, Hashable {
    public var operation: String?
    public var status: String?
    public var findings: [ContractFinding]

    public init(operation: String?, status: String?, findings: [ContractFinding]) {
        self.operation = operation
        self.status = status
        self.findings = findings
    }

    public var passed: Bool { findings.isEmpty }

    /// The verdict as checks: one passed check naming the operation and status, or one failed check per finding.
    public var results: [AssertionResult] {
        guard passed, let operation else { return findings.map(\.result) }
        let subject = "contract \(operation)" + (status.map { " → \($0)" } ?? "")
        return [AssertionResult(assertion: Assertion(.contract(subject), .exists(true)), passed: true, actual: "")]
    }
}
