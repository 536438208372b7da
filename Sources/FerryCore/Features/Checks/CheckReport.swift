/// What a request's `expect:` and `capture:` made of one exchange: each assertion's result, the
/// values captured (for the variables of the requests after it) and the captures that found nothing.
public struct CheckReport: Sendable, Hashable {
    public var results: [AssertionResult]
    public var captured: [Variable]
    /// One line per capture that found nothing or could not be read.
    public var captureProblems: [String]

    public init(results: [AssertionResult] = [], captured: [Variable] = [], captureProblems: [String] = []) {
        self.results = results
        self.captured = captured
        self.captureProblems = captureProblems
    }

    /// Checks every assertion of `description`, then takes its captures (secret ones as secret variables).
    public init(checking description: RequestDescription, facts: ResponseFacts) {
        self.init(checking: description.checks, facts: facts)
    }

    /// Checks every assertion, then takes the captures (secret ones as secret variables).
    public init(checking checks: ResponseChecks, facts: ResponseFacts) {
        self.init(results: checks.assertions.map { $0.check(facts) })
        for capture in checks.captures {
            do {
                captured.append(Variable(name: capture.name, value: try capture.take(from: facts), isSecret: capture.secret))
            } catch {
                captureProblems.append(error.description)
            }
        }
    }

    public var passed: Bool { results.allSatisfy(\.passed) && captureProblems.isEmpty }
    public var failures: [AssertionResult] { results.filter { !$0.passed } }
    public var isEmpty: Bool { results.isEmpty && captured.isEmpty && captureProblems.isEmpty }
}
