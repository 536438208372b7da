/// What a request's `expect:` and `capture:` made of one exchange: each assertion's result, the
/// values captured (for the variables of the requests after it) and the captures that found nothing.
public struct CheckReport: Sendable, Hashable {
    public var results: [AssertionResult]
    public var captured: [Variable]
    /// One line per capture that found nothing or could not be read.
    public var captureProblems: [String]
    /// What the request's scripts printed (`console.log`…), in order.
    public var console: [ScriptConsoleLine] = []
    /// The variables a script unset, gone for the requests after this one.
    public var unset: [String] = []

    public init(results: [AssertionResult] = [], captured: [Variable] = [], captureProblems: [String] = []) {
        self.results = results
        self.captured = captured
        self.captureProblems = captureProblems
    }

    /// Checks every assertion of `description`, then takes its captures (secret ones as secret variables).
    public init(checking description: RequestDescription, facts: ResponseFacts) {
        self.init(checking: description.checks, facts: facts)
    }

    /// Takes the captures (secret ones as secret variables), then checks every assertion, with the
    /// values captured filled into their expected values and readable by `variable` queries (Hurl's order).
    public init(checking checks: ResponseChecks, facts: ResponseFacts) {
        self.init()
        var facts = facts
        facts.variables.merge(checks.variables) { old, _ in old }
        for capture in checks.captures {
            do {
                let variable = Variable(name: capture.name, value: try capture.take(from: facts), isSecret: capture.secret)
                captured.append(variable)
                facts.variables[variable.name] = variable.value
            } catch {
                captureProblems.append(error.description)
            }
        }
        results = checks.filled(with: captured).map { $0.check(facts) }
    }

    /// The report with `more` results after its own.
    public func adding(_ more: [AssertionResult]) -> CheckReport {
        var report = self
        report.results += more
        return report
    }

    public var passed: Bool { results.allSatisfy(\.passed) && captureProblems.isEmpty }
    public var failures: [AssertionResult] { results.filter { !$0.passed } }
    public var isEmpty: Bool { results.isEmpty && captured.isEmpty && captureProblems.isEmpty }
}
