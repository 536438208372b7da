import FerryCore
import FerryScript
import Foundation

/// The scripts of one request (`scripts:` of the collection's root, its folders and its file) at
/// the two points of its exchange that `ferry send`, `ferry run`, chained values and the TUI all
/// pass: before the request is resolved from its variables (`runBefore`: pre-request scripts,
/// collection → folder → request, which may change the request and the variables) and after its
/// response is concluded (`runAfter`: post-response then tests scripts, request → folder →
/// collection). Their tests become checks, the variables they set flow on as captures do.
public struct ExchangeScripts: Sendable {
    /// One script and when it runs.
    public struct Step: Sendable {
        public var phase: RequestScripts.Phase
        /// The script as the engine calls it, made with the step.
        public let function: ScriptFunction
        public var source: ScriptSource { function.source }

        init(phase: RequestScripts.Phase, source: ScriptSource) {
            self.phase = phase
            function = ScriptFunction(source)
        }
    }

    public var before: [Step]
    public var after: [Step]
    /// Seconds each script may run.
    public var timeLimit: Double

    /// The scripts `description` runs under `defaults` (its folders' and the collection's, outermost first).
    public init(request description: RequestDescription, defaults: FolderDefaults) {
        // Made for each request more than once in a run: no array of levels, none a level.
        before = []
        after = []
        for level in defaults.scripts {
            if let script = level.preRequest { before.append(Step(phase: .preRequest, source: script)) }
        }
        if let script = description.scripts.preRequest { before.append(Step(phase: .preRequest, source: script)) }
        Self.appendAfter(description.scripts, to: &after)
        for level in defaults.scripts.reversed() { Self.appendAfter(level, to: &after) }
        timeLimit = defaults.scriptTimeLimit ?? 5
    }

    /// A level's post-response then tests script.
    private static func appendAfter(_ level: RequestScripts, to steps: inout [Step]) {
        if let script = level.postResponse { steps.append(Step(phase: .postResponse, source: script)) }
        if let script = level.tests { steps.append(Step(phase: .tests, source: script)) }
    }

    public var isEmpty: Bool { before.isEmpty && after.isEmpty }

    /// Loads JavaScriptCore on the calling thread when there are scripts (`ScriptEngine.load`).
    public func loadEngine() {
        if !isEmpty { ScriptEngine.load() }
    }

    /// Starts the script engine on a thread of its own when there are scripts (`ScriptEngine.warmUp`).
    public func warmUp() {
        if !isEmpty { ScriptEngine.warmUp(timeLimit: timeLimit) }
    }

    /// The thread scripts run on: work that runs several (`ferry run`'s tests of one request and the
    /// pre-request scripts of the next) prefers it, so it hops there once instead of once a script.
    public static var executor: any TaskExecutor { ScriptEngine.executor }

    /// Runs `body` with the scripts it runs on its own thread, not the scripts' thread
    /// (`ScriptEngine.runsOnCallersThread`): for a caller with no transfer in flight while they run,
    /// or whose thread drives its transfers and gives the `pump` that keeps them going meanwhile.
    public static func onCallersThread<T>(pump: (any TransferPump)? = nil, _ body: () async -> T) async -> T {
        await ScriptEngine.$pump.withValue(pump) {
            await ScriptEngine.$runsOnCallersThread.withValue(true) { await body() }
        }
    }

    /// Where the scripts run: `pm.info`, the iteration's data, and how their requests are sent.
    public struct Context: Sendable {
        public var requestName: String
        /// The request file's path in the collection.
        public var requestPath: String
        public var iteration: Int
        public var iterationCount: Int
        public var environment: String?
        public var iterationData: [String: String]
        /// Sends `pm.sendRequest`'s requests (nil: scripts cannot send).
        public var send: ScriptRequestSender?

        public init(
            requestName: String, requestPath: String, iteration: Int = 0, iterationCount: Int = 1, environment: String? = nil,
            iterationData: [String: String] = [:], send: ScriptRequestSender? = nil
        ) {
            self.requestName = requestName
            self.requestPath = requestPath
            self.iteration = iteration
            self.iterationCount = iterationCount
            self.environment = environment
            self.iterationData = iterationData
            self.send = send
        }
    }

    /// What one side's scripts left, secrets redacted in what they print and report.
    public struct Report: Sendable {
        /// Their tests and errors, as checks.
        public var results: [AssertionResult] = []
        public var console: [ScriptConsoleLine] = []
        /// The variables set, in the order last set.
        public var variables: [Variable] = []
        public var unset: [String] = []
        /// `pm.execution.skipRequest()` was called.
        public var skipRequest = false
        /// `setNextRequest(name)`: `.some(nil)` stops the run.
        public var nextRequest: String??
        /// The request as the pre-request scripts left it, when they changed it (the scripts after
        /// the response see it so).
        public var request: RequestDescription?

        public init() {}

        /// The report's tests, console and variables added to `checks`.
        public func apply(to checks: inout CheckReport) {
            checks.results += results
            checks.console += console
            checks.captured.removeAll { variable in variables.contains { $0.name == variable.name } || unset.contains(variable.name) }
            checks.captured += variables
            checks.unset += unset
        }

        /// True when nothing was left: no tests, console, variables or choices.
        var isEmpty: Bool {
            results.isEmpty && console.isEmpty && variables.isEmpty && unset.isEmpty && !skipRequest && nextRequest == nil
                && request == nil
        }

        /// This report followed by `later`'s.
        public func followed(by later: Report) -> Report {
            if later.isEmpty { return self }
            if isEmpty { return later }
            var merged = self
            merged.results += later.results
            merged.console += later.console
            merged.variables.removeAll { variable in
                later.variables.contains { $0.name == variable.name } || later.unset.contains(variable.name)
            }
            merged.variables += later.variables
            merged.unset = merged.unset.filter { name in !later.variables.contains { $0.name == name } } + later.unset
            merged.skipRequest = skipRequest || later.skipRequest
            merged.nextRequest = later.nextRequest ?? nextRequest
            merged.request = later.request ?? request
            return merged
        }
    }

    /// Runs the pre-request scripts on `description` (before it is resolved): the request as they
    /// left it, and `resolver` with the variables they set.
    public func runBefore(
        on description: inout RequestDescription, resolver: inout VariableResolver, context: Context
    ) async -> Report {
        let report = await runBefore(description, resolver: &resolver, context: context)
        if let changed = report.request { description = changed }
        return report
    }

    /// `runBefore(on:)` with the request as the scripts changed it in the report (`Report.request`,
    /// nil when they did not): a request none changes is not copied.
    public func runBefore(_ description: RequestDescription, resolver: inout VariableResolver, context: Context) async -> Report {
        var report = Report()
        var changed: RequestDescription?
        for step in before {
            let input = ScriptInput(
                info: info(step, context), variables: Self.values(of: resolver), iterationData: context.iterationData,
                request: changed.map(Self.scriptRequest) ?? Self.scriptRequest(description))
            let (outcome, failed) = await run(step, input: input, send: context.send)
            if let failed {
                report.results.append(failed)
                continue
            }
            var part = Self.report(outcome, redaction: resolver.redaction)
            if let request = outcome.request {
                var updated = changed ?? description
                Self.apply(request, to: &updated)
                changed = updated
                part.request = updated
            }
            resolver.add(part.variables)
            resolver.remove(part.unset)
            report = report.followed(by: part)
            if outcome.error != nil || outcome.skipRequest { break }
        }
        return report
    }

    /// Runs the post-response and tests scripts on `response`, the answer to `description` resolved with `resolver`.
    public func runAfter(
        request description: RequestDescription, response: Response, resolver: VariableResolver, context: Context
    ) async -> Report {
        var report = Report()
        var resolver = resolver
        let seen = ScriptInput.Response(response)
        for step in after {
            let input = ScriptInput(
                info: info(step, context), variables: Self.values(of: resolver), iterationData: context.iterationData,
                request: Self.scriptRequest(description), response: seen)
            let (outcome, failed) = await run(step, input: input, send: context.send)
            if let failed {
                report.results.append(failed)
                continue
            }
            let part = Self.report(outcome, redaction: resolver.redaction)
            resolver.add(part.variables)
            resolver.remove(part.unset)
            report = report.followed(by: part)
        }
        return report
    }

    /// Runs one script; a failed check instead when JavaScriptCore cannot be loaded.
    private func run(_ step: Step, input: ScriptInput, send: ScriptRequestSender?) async -> (ScriptOutcome, AssertionResult?) {
        do {
            let engine = try ScriptEngine.shared(timeLimit: timeLimit)
            return (await engine.run(step.function, phase: step.phase, input: input, send: send), nil)
        } catch {
            let check = AssertionResult(
                assertion: Assertion(.script("\(step.source.file):\(step.source.line)"), .exists(true)), passed: false, actual: "",
                problem: "\(step.phase.rawValue) script: \(error.description)")
            return (ScriptOutcome(), check)
        }
    }

    private func info(_ step: Step, _ context: Context) -> ScriptInput.Info {
        ScriptInput.Info(
            eventName: step.phase == .preRequest ? "prerequest" : "test", requestName: context.requestName, requestId: context.requestPath,
            iteration: context.iteration, iterationCount: context.iterationCount, environment: context.environment)
    }

    /// One script's outcome as a report, secrets redacted in what it printed and its messages.
    private static func report(_ outcome: ScriptOutcome, redaction: Redaction) -> Report {
        var report = Report()
        report.results = outcome.assertionResults.map { result in
            var redacted = result
            redacted.problem = result.problem.map(redaction.redact)
            return redacted
        }
        report.console = outcome.console.map { ScriptConsoleLine(level: $0.level, text: redaction.redact($0.text)) }
        report.variables = outcome.variables(secrets: redaction)
        report.unset = outcome.changes.filter { $0.value == nil }.map(\.key).sorted()
        report.skipRequest = outcome.skipRequest
        report.nextRequest = outcome.nextRequest
        return report
    }

    private static func values(of resolver: VariableResolver) -> [String: String] {
        resolver.variables.mapValues(\.value)
    }

    /// The request as a script sees it: its own headers, a raw or JSON body as text, `{{variables}}` in place.
    public static func scriptRequest(_ description: RequestDescription) -> ScriptInput.Request {
        let body: String? =
            switch description.body {
            case .raw(let text, _): text
            case .json(let value): (try? JSONRequestSerializer().serialize(value)).map { String(decoding: $0, as: UTF8.self) }
            default: nil
            }
        return ScriptInput.Request(
            method: description.method.rawValue, url: description.url,
            headers: description.headers.map { .init(key: $0.name, value: $0.value, disabled: $0.enabled ? nil : true) },
            body: body.map(ScriptInput.Request.Body.init(raw:)))
    }

    /// The changes a pre-request script made to the request, applied to its description.
    static func apply(_ changed: ScriptInput.Request, to description: inout RequestDescription) {
        let before = scriptRequest(description)
        if changed.method != before.method { description.method = HTTPMethod(changed.method) }
        if changed.url != before.url { description.url = changed.url }
        let enabled = { (headers: [ScriptInput.Request.Header]) in headers.map { [$0.key, $0.value, $0.disabled == true ? "off" : "on"] } }
        if enabled(changed.headers) != enabled(before.headers) {
            description.headers = changed.headers.map { .init(name: $0.key, value: $0.value, enabled: $0.disabled != true) }
        }
        if changed.body != before.body {
            let type: String? =
                switch description.body {
                case .raw(_, let type): type
                case .json: "application/json"
                default: nil
                }
            description.body = changed.body.map { .raw($0.raw, contentType: type) } ?? .none
        }
    }
}
