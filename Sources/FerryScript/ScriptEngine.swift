import CJavaScriptCore
import FerryCore
import Foundation

/// Runs scripts in JavaScriptCore: each in a fresh context of one VM, with Ferry's prelude
/// (`ScriptPrelude`) and nothing of the host (no files, processes or network; `sendRequest` goes
/// through Ferry's pipeline), each evaluation stopped after the time limit. Loaded on first use.
public final class ScriptEngine: @unchecked Sendable {
    /// Seconds a script may run (each evaluation, and the script with its timers and requests in all).
    public let timeLimit: Double
    /// The most UTF-16 units Ferry copies out of a script (what it leaves, as JSON).
    static let outputLimit = 32 << 20
    private let group: UnsafeMutableRawPointer
    /// Contexts with the prelude evaluated, for the next scripts: a script ends in the context it
    /// ran in unless the time limit stopped it (what it left in globals of its own stays there;
    /// the prelude's globals are installed again before each script).
    private var idle: [UnsafeMutableRawPointer?] = []
    private static let idleLimit = 4
    /// One evaluation at a time (the group's watchdog flag is shared), and the idle contexts.
    private let lock = NSLock()

    nonisolated(unsafe) private static var engines: [Double: ScriptEngine] = [:]
    private static let enginesLock = NSLock()

    /// The engine with `timeLimit`, made (and JavaScriptCore loaded) on first use.
    public static func shared(timeLimit: Double = 5) throws(ScriptEngineUnavailable) -> ScriptEngine {
        try JavaScriptCoreLibrary.load()
        _ = ScriptSchemaCheck.installed
        return enginesLock.withLock {
            if let engine = engines[timeLimit] { return engine }
            let engine = ScriptEngine(timeLimit: timeLimit)
            engines[timeLimit] = engine
            return engine
        }
    }

    private init(timeLimit: Double) {
        self.timeLimit = timeLimit
        group = ferry_js_group_create(timeLimit)
    }

    deinit {
        for context in idle { ferry_js_context_release(context) }
        ferry_js_group_release(group)
    }

    /// Loads JavaScriptCore (`dlopen`) on the calling thread, if it is not yet: `ferry run`'s plan
    /// reader, once it has read the first file with scripts, while the run's thread makes ready to
    /// run them (its first script then finds the library loaded, or waits for the load to end).
    public static func load() {
        _ = try? JavaScriptCoreLibrary.load()
    }

    /// Starts what the first script waits for (loading JavaScriptCore, its VM, a context with the
    /// prelude) on the scripts' thread (`ScriptThread`), for a request known to have scripts: the
    /// rest of its preparation and its exchange go on meanwhile, and the first script then runs on
    /// the thread that entered the VM, after the warm-up, with no lock to wait for.
    public static func warmUp(timeLimit: Double) {
        Task(executorPreference: ScriptThread.shared) {
            guard let engine = try? shared(timeLimit: timeLimit) else { return }
            engine.lock.withLock {
                guard engine.idle.isEmpty else { return }
                let (context, failure) = engine.makeContext()
                if failure == nil { engine.idle.append(context) } else { ferry_js_context_release(context) }
            }
        }
    }

    /// A fresh context with the prelude evaluated, and the prelude's error if it failed. Called with the lock held.
    private func makeContext() -> (UnsafeMutableRawPointer?, String?) {
        let context = ferry_js_context_create(group)
        let prelude = evaluate(context, ScriptPrelude.source, url: "ferry:prelude", line: 1)
        return (context, prelude.threw ? prelude.text ?? "" : nil)
    }

    /// The scripts' thread (`ScriptThread`), for work that runs scripts and would otherwise hop there for each.
    public static var executor: any TaskExecutor { ScriptThread.shared }

    /// True in a task that runs its scripts where it is: `ferry run` in order, on the curl loop (with
    /// its `pump` when a transfer is on the wire beside them: no hop to the scripts' thread and
    /// back, two wake-ups across cores a request). Elsewhere — the TUI, `ferry send`, `--jobs` —
    /// scripts run on the scripts' thread, and the caller's goes on driving what is on the wire.
    @TaskLocal public static var runsOnCallersThread = false

    /// What drives the transfers of the caller's thread while a script runs there
    /// (`runsOnCallersThread`): the curl loop's, for `ferry run`, whose scripts run on the loop
    /// beside the request on the wire. Called every few ms of a script's CPU (~8 ms measured), so a script that runs
    /// long holds no answer in its socket and no request from its turn.
    @TaskLocal public static var pump: (any TransferPump)?

    /// Runs `script` as `phase` with `input`, on the scripts' thread (`ScriptThread`) unless
    /// `runsOnCallersThread`; requests it sends go to `send` (nil: it cannot send). Never throws: a
    /// script that fails leaves its error in the outcome.
    public func run(
        _ script: ScriptSource, phase: RequestScripts.Phase, input: ScriptInput, send: ScriptRequestSender? = nil
    ) async -> ScriptOutcome {
        await run(ScriptFunction(script), phase: phase, input: input, send: send)
    }

    /// `run` of a script made into its function beforehand.
    public func run(
        _ function: ScriptFunction, phase: RequestScripts.Phase, input: ScriptInput, send: ScriptRequestSender? = nil
    ) async -> ScriptOutcome {
        if Self.runsOnCallersThread { return await runHere(function, phase: phase, input: input, send: send) }
        return await withTaskExecutorPreference(ScriptThread.shared) { await runHere(function, phase: phase, input: input, send: send) }
    }

    private func runHere(
        _ function: ScriptFunction, phase: RequestScripts.Phase, input: ScriptInput, send: ScriptRequestSender?
    ) async -> ScriptOutcome {
        let script = function.source
        let (context, preludeFailure) = lock.withLock { idle.isEmpty ? makeContext() : (idle.removeLast(), nil) }
        var reusable = preludeFailure == nil
        defer {
            lock.withLock {
                if reusable && idle.count < Self.idleLimit { idle.append(context) } else { ferry_js_context_release(context) }
            }
        }
        let started = ContinuousClock.now
        func failure(_ name: String, _ message: String) -> ScriptOutcome {
            var outcome = ScriptOutcome()
            outcome.error = ScriptError(phase: phase, file: script.file, line: script.line, name: name, message: message)
            return outcome
        }
        if let preludeFailure { return failure("Error", "Ferry's script prelude failed: \(preludeFailure)") }
        // One call begins the script's state and runs its code, in a function each context compiles
        // once per text (`ferry_js_call`): the input crosses as a string the prelude parses as JSON,
        // the response's body as a string of its own, the script's literals as a third
        // (`ScriptLiterals`). A syntax error is the whole script's, compiled again as written.
        let literals = function.literals
        let arguments = [input.json, input.response?.body ?? "", literals?.values ?? "[]"]
        // The call goes on with the first step (`Self.step`) once it has returned: a script that ends
        // at once is run and read in one crossing.
        var ran = lock.withLock { call(context, function.text, arguments: arguments, limited: true, then: Self.step) }
        if ran.threw && !ran.thenRan && literals != nil {
            ran = lock.withLock {
                call(context, ScriptFunction.wrapped(script, literals: nil), arguments: arguments, limited: true, then: Self.step)
            }
        }
        var thrown: ScriptError?
        var output: ScriptOutput?
        if ran.terminated {
            reusable = false
            thrown = timeLimitError(script, phase: phase)
        } else if ran.threw && !ran.thenRan {
            // A syntax error (the code never ran) or the prelude's own failure: the state begun alone tells which.
            let begun = lock.withLock {
                ferry_js_set_string(context, "__ferryInput", arguments[0])
                ferry_js_set_string(context, "__ferryBody", arguments[1])
                return evaluate(context, Self.begin, url: "ferry:input", line: 1)
            }
            if begun.threw {
                reusable = false
                return failure("Error", "Ferry's script prelude failed: \(begun.text ?? "")")
            }
            thrown = located(
                lock.withLock { evaluate(context, "JSON.stringify(__ferry.describe(__ferryException))", url: "ferry:error", line: 1) },
                script, phase)
        } else {
            (thrown, output) = await drain(context, script: script, phase: phase, send: send, started: started, first: ran)
            if thrown?.name == "TimeLimit" { reusable = false }
        }
        if output == nil {
            let finished = lock.withLock { call(context, Self.finish, arguments: []) }
            output = finished.text.flatMap(ScriptOutput.init(compact:))
            if output == nil && thrown == nil { thrown = unreadable(finished, script, phase) }
        }
        var outcome = output?.outcome ?? ScriptOutcome()
        if thrown == nil, let error = output?.error { thrown = located(error, script, phase) }
        outcome.error = thrown
        if let literals {
            for index in outcome.tests.indices {
                if let message = outcome.tests[index].error?.message { outcome.tests[index].error?.message = literals.restored(message) }
            }
            if let message = outcome.error?.message { outcome.error?.message = literals.restored(message) }
        }
        return outcome
    }

    /// Gives the group the pump of the task about to evaluate (`pump`), or none: per evaluation, so
    /// a script run from inside another's (a request it sends that has scripts) leaves the outer
    /// one's as it was. Called with the lock held.
    private func takePump() {
        guard Self.runsOnCallersThread, let pump = Self.pump else { return ferry_js_group_set_pump(group, nil, nil) }
        ferry_js_group_set_pump(group, Self.pumping, Unmanaged.passUnretained(pump as AnyObject).toOpaque())
    }

    /// The watchdog's call of a script's `pump` (`takePump`), kept alive by the task-local meanwhile.
    private static let pumping: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data, let pump = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? any TransferPump else { return }
        pump.pump()
    }

    /// `__ferry.begin` with the input Ferry set.
    static let begin = "__ferry.begin(JSON.parse(__ferryInput), __ferryBody);"
    /// The functions that step a script (`__ferry.step`) and read what it left (`__ferry.finish`), called without a source of their own.
    private static let step = "(function () { return __ferry.step(); })"
    private static let finish = "(function () { return __ferry.finish(); })"

    /// The name compiled scripts run under (their function is kept for every file with the same
    /// text): frames and errors there are translated to the script's file and lines (`located`).
    static let scriptURL = "ferry:script"

    /// The file's line of the compiled function's `line` (its first line is the wrapper's, or the
    /// script's first when that is the file's first).
    private static func fileLine(_ line: Int, of script: ScriptSource) -> Int { line + max(1, script.line - 1) - 1 }

    /// Runs the script's timers and sends its requests until it has finished, within the time limit
    /// (the time its requests take to be answered not counted): what it left, or why it did not end.
    /// `first` is the call that ran the script, with its first step.
    private func drain(
        _ context: UnsafeMutableRawPointer?, script: ScriptSource, phase: RequestScripts.Phase, send: ScriptRequestSender?,
        started: ContinuousClock.Instant, first: Evaluation
    ) async -> (ScriptError?, ScriptOutput?) {
        var waited = Duration.zero
        var first: Evaluation? = first.thenRan ? first : nil
        while true {
            let stepped: Evaluation
            if let given = first.take() {
                stepped = given  // what the script's own call stepped to: read, whatever the clock says now
            } else {
                if ContinuousClock.now - started - waited > .seconds(timeLimit) { return (timeLimitError(script, phase: phase), nil) }
                stepped = lock.withLock { call(context, Self.step, arguments: [], limited: true) }
            }
            if stepped.terminated { return (timeLimitError(script, phase: phase), nil) }
            // `__ferry.step()` answers `O` and what the script left once it has ended, `P` and the
            // requests to send as JSON, or nothing when a timer ran.
            guard let text = stepped.text else { return (unreadable(stepped, script, phase), nil) }
            if text.utf8.first == UInt8(ascii: "O") {
                guard let output = ScriptOutput(compact: text.dropFirst()) else { return (unreadable(stepped, script, phase), nil) }
                return (nil, output)
            }
            guard text.utf8.first != UInt8(ascii: "P") else {
                guard let pending = try? JSONDecoder().decode([Pending].self, from: Data(text.utf8.dropFirst())) else {
                    return (unreadable(stepped, script, phase), nil)
                }
                if let failed = await deliver(pending, context: context, script: script, phase: phase, send: send, waited: &waited) {
                    return (failed, nil)
                }
                continue
            }
        }
    }

    /// Sends a script's `pending` requests through `send` and hands their answers to the script
    /// (the time they take added to `waited`): the time limit's error if an answer's callback ran out of it.
    private func deliver(
        _ pending: [Pending], context: UnsafeMutableRawPointer?, script: ScriptSource, phase: RequestScripts.Phase,
        send: ScriptRequestSender?, waited: inout Duration
    ) async -> ScriptError? {
        for pending in pending {
            var answer = "{\"error\":" + JSONStringLiteral.make("this script cannot send requests here") + "}"
            var body = ""
            if let send {
                let asked = ContinuousClock.now
                switch await send(pending.request) {
                case .success(let response): (answer, body) = ("{\"response\":" + response.json + "}", response.body)
                case .failure(let failure): answer = "{\"error\":" + JSONStringLiteral.make(failure.message) + "}"
                }
                waited += ContinuousClock.now - asked
            }
            let delivered = lock.withLock {
                ferry_js_set_string(context, "__ferryBody", body)
                return evaluate(
                    context, "__ferry.deliver(\(pending.id), \(answer), __ferryBody)", url: "ferry:answer", line: 1, limited: true)
            }
            if delivered.terminated { return timeLimitError(script, phase: phase) }
        }
        return nil
    }

    /// Why what the script left could not be read.
    private func unreadable(_ evaluation: Evaluation, _ script: ScriptSource, _ phase: RequestScripts.Phase) -> ScriptError {
        ScriptError(
            phase: phase, file: script.file, line: script.line, name: evaluation.tooLong ? "RangeError" : "Error",
            message: evaluation.tooLong
                ? "the script left more than Ferry keeps (\(Self.outputLimit) characters)" : "the script's result could not be read")
    }

    private func timeLimitError(_ script: ScriptSource, phase: RequestScripts.Phase) -> ScriptError {
        ScriptError(
            phase: phase, file: script.file, line: script.line, name: "TimeLimit",
            message: "the script ran longer than its time limit of \(timeLimit.formatted()) s and was stopped")
    }

    /// The error `__ferry.describe` made, located in the script's file (through the stack when it
    /// was thrown in Ferry's prelude, at the script's frame).
    private func located(_ evaluation: Evaluation, _ script: ScriptSource, _ phase: RequestScripts.Phase) -> ScriptError {
        guard let text = evaluation.text, let thrown = try? JSONDecoder().decode(ScriptOutcome.Thrown.self, from: Data(text.utf8)) else {
            return ScriptError(
                phase: phase, file: script.file, line: script.line, name: "Error", message: evaluation.text ?? "the script failed")
        }
        return located(thrown, script, phase)
    }

    private func located(_ thrown: ScriptOutcome.Thrown, _ script: ScriptSource, _ phase: RequestScripts.Phase) -> ScriptError {
        let lines = script.line...(script.line + script.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        var line = script.line
        var column: Int?
        var message = thrown.message
        var frames: [String] = []
        for frame in (thrown.stack ?? "").split(separator: "\n") {
            guard let place = Self.place(in: frame, file: Self.scriptURL), lines.contains(Self.fileLine(place.line, of: script)) else {
                continue  // not the script's (the wrapper's, the prelude's)
            }
            frames.append(
                frame[..<place.range.lowerBound] + "\(script.file):\(Self.fileLine(place.line, of: script)):\(place.column + script.indent)"
            )
        }
        if thrown.sourceURL == Self.scriptURL, let thrownLine = thrown.line {
            line = Self.fileLine(thrownLine, of: script)
            column = thrown.column.map { $0 + script.indent }
        } else if let first = frames.first, let place = Self.place(in: Substring(first), file: script.file) {
            (line, column) = (place.line, place.column)
        }
        if line > lines.upperBound {
            (line, column) = (lines.upperBound, nil)
            message += " (at the end of the script: a bracket or a string left open?)"
        }
        return ScriptError(
            phase: phase, file: script.file, line: line, column: column, name: thrown.name, message: message,
            stack: frames.isEmpty ? nil : frames.joined(separator: "\n"))
    }

    /// Where a stack frame (JavaScriptCore's `name@file:line:column`) is in `file`, with the range of `file:line:column`.
    static func place(in frame: Substring, file: String) -> (line: Int, column: Int, range: Range<Substring.Index>)? {
        guard let range = frame.range(of: file + ":", options: .backwards) else { return nil }
        let numbers = frame[range.upperBound...].split(separator: ":").compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1], range.lowerBound..<frame.endIndex)
    }

    /// Calls the function `source` compiles to (once per context, `ferry_js_call`) with `arguments`,
    /// then `then`'s with none (its result is the evaluation's: `thenRan`); `limited` as `evaluate`'s.
    private func call(
        _ context: UnsafeMutableRawPointer?, _ source: String, arguments: [String], limited: Bool = false, then: String? = nil
    ) -> Evaluation {
        takePump()
        // The sources as C strings in place (`withCString`): passed as `String`s, each would be copied
        // first. The arguments' pointers in a buffer on the stack.
        var result = withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: max(1, arguments.count)) { pointers in
            source.withCString { source in
                Self.withCString(then) { then in
                    Self.scriptURL.withCString { url in
                        Self.withCStrings(arguments[...], into: pointers) {
                            ferry_js_call(
                                context, source, url, 1, UnsafePointer(pointers.baseAddress), Int32(arguments.count), Self.outputLimit,
                                limited ? 1 : 0, then)
                        }
                    }
                }
            }
        }
        defer { ferry_js_result_free(&result) }
        return Evaluation(
            text: result.text.map { String(cString: $0) }, threw: result.threw == 1, terminated: result.terminated == 1,
            tooLong: result.too_long == 1, thenRan: result.then_ran == 1)
    }

    /// `body` with `string` as a C string, or a null pointer.
    private static func withCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString(body)
    }

    /// `body` with `strings` as C strings in place, each one's pointer at its index in `pointers`.
    private static func withCStrings<R>(
        _ strings: ArraySlice<String>, into pointers: UnsafeMutableBufferPointer<UnsafePointer<CChar>?>, _ body: () -> R
    ) -> R {
        guard let first = strings.first else { return body() }
        return first.withCString { pointer in
            pointers[strings.startIndex] = pointer
            return withCStrings(strings.dropFirst(), into: pointers, body)
        }
    }

    /// One evaluation's result.
    private struct Evaluation {
        var text: String?
        var threw: Bool
        var terminated: Bool
        var tooLong: Bool
        /// The call's `then` ran after it: the rest is `then`'s result.
        var thenRan = false
    }

    /// Evaluates `source`; `limited` (the user's code: the script, its timers, the answers to its
    /// requests) within the time limit, Ferry's own code without one (a loaded machine never stops it).
    private func evaluate(
        _ context: UnsafeMutableRawPointer?, _ source: String, url: String, line: Int, limited: Bool = false
    ) -> Evaluation {
        takePump()
        var result = source.withCString { ferry_js_evaluate(context, $0, url, Int32(line), Self.outputLimit, limited ? 1 : 0) }
        defer { ferry_js_result_free(&result) }
        return Evaluation(
            text: result.text.map { String(cString: $0) }, threw: result.threw == 1, terminated: result.terminated == 1,
            tooLong: result.too_long == 1)
    }

    /// A request a script asked to send (`__ferry.step()`'s `P` answer).
    private struct Pending: Decodable {
        var id: Int
        var request: ScriptSentRequest
    }
}
