import FerryCore

/// What a script left: its tests, what it printed, the variables it set or unset, the request as
/// it changed it (a pre-request script), what it asked of the run, and its error, if it failed.
public struct ScriptOutcome: Sendable {
    /// One `pm.test`/`test()`/`tests["…"]`.
    public struct Test: Sendable, Decodable, Equatable {
        public var name: String
        public var passed: Bool
        public var skipped: Bool?
        public var error: Thrown?
    }

    /// An error as the script threw it.
    public struct Thrown: Sendable, Decodable, Equatable {
        public var name: String
        public var message: String
        public var line: Int?
        public var column: Int?
        public var sourceURL: String?
        public var stack: String?
    }

    public var tests: [Test] = []
    public var console: [ScriptConsoleLine] = []
    /// The variables set (their text) or unset (nil), by name.
    public var changes: [String: String?] = [:]
    /// The request as the script left it, when it changed it.
    public var request: ScriptInput.Request?
    /// `pm.execution.skipRequest()`: the request is not sent.
    public var skipRequest = false
    /// `setNextRequest(name)`: the request `ferry run` goes on with (`.some(nil)`: the run stops).
    public var nextRequest: String??
    /// Why the script failed: a syntax error, a throw, a rejected promise, the time limit.
    public var error: ScriptError?

    public init() {}

    /// The tests as checks (`test: NAME`), with the script's error as a failed one.
    public var assertionResults: [AssertionResult] {
        var results = tests.map { test in
            var text = ScriptJSONWriter(capacity: test.name.utf8.count + 20)
            text.raw("test ")
            text.string(test.name)
            if test.skipped == true { text.raw(" (skipped)") }
            return AssertionResult(
                assertion: Assertion(.script(text.text), .exists(true)), passed: test.passed, actual: "",
                problem: test.error.map { "\($0.name): \($0.message)" })
        }
        if let error {
            results.append(
                AssertionResult(
                    assertion: Assertion(.script(error.location), .exists(true)), passed: false, actual: "", problem: error.detail))
        }
        return results
    }

    /// The variables the script set, as variables for the requests after it (secret when they hold a secret's value).
    public func variables(secrets redaction: Redaction) -> [Variable] {
        changes.sorted { $0.key < $1.key }.compactMap { name, value in
            value.map { Variable(name: name, value: $0, isSecret: redaction.redact($0) != $0) }
        }
    }
}
