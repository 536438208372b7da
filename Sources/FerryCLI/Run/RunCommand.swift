import ArgumentParser
import FerryCore
import FerrySession
import FerryStore
import FerryTransport
import Foundation

/// `ferry run [PATH…]`: a collection as a test suite. Sends request files in order over one
/// transport, checks each one's `expect:`, passes its `capture:` values on, reports for people or
/// CI (JUnit, JSON, TAP) and records every exchange in the history under the run's id.
struct RunCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files as checks: send each, check its expect:, pass its capture: on.",
        discussion: """
            Files run in path order, or in the order a folder's _folder.ferry.yaml lists (order: [...]).
            Exit codes: 0 all passed, 1 bad input (nothing is sent), 2 a transport failure, 3 a validation, assertion or capture failed, 130 cancelled.
            --dry-run resolves every request as the run would send it (environment, variables, folder defaults, auth, bodies, files) \
            and sends nothing: it prints each one as `ferry send --dry-run` does (with --reporter json, one JSON line each and a \
            summary line), then the requests that do not resolve, each with its cause and the value it misses (a variable with no value, \
            a value captured from, chained to or set by the scripts after another request's response, an OAuth 2.0 token not cached). \
            Its exit codes: 0 every request resolves, 5 some do not, 1 bad input.
            """)

    @Argument(
        help: "Request files and folders of one collection (default: the collection in the current folder).",
        completion: ShellCompletions.requestFilesAndFolders)
    var paths: [String] = []

    @Option(help: "The report: text (for people), json, junit (JUnit XML for CI servers) or tap.")
    var reporter: RunReporterKind = .text

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write the report to this file (the text lines still go to stdout).", valueName: "file"))
    var output: String?

    @Flag(help: "Stop at the first request that does not pass; the rest are reported as skipped.")
    var bail = false

    @Flag(name: .customLong("continue-on-error"), help: "Go on after a transport failure (by default the run stops there).")
    var continueOnError = false

    @Option(
        name: .customLong("jobs"),
        help: "Send up to this many requests at once (a request that captures waits for those before it, and those after it wait for it).")
    var jobs = 1

    @Option(name: .customLong("repeat"), help: "Run the selection this many times.")
    var repeatCount = 1

    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "Run the selection once per row of a CSV file (with a header row) or a JSON array of objects, the row's values as variables.",
            valueName: "file"))
    var dataFile: String?

    @Option(
        name: .customLong("filter"),
        help: ArgumentHelp("Only request files whose path or name matches this glob (repeatable), e.g. 'users/*'.", valueName: "glob"))
    var filters: [String] = []

    @Option(
        name: [.customShort("m"), .customLong("max-time")],
        help: ArgumentHelp("Seconds each request may take unless its file says otherwise (default 300; 0: no limit).", valueName: "seconds")
    )
    var maxTime = RequestTimeLimit.standardSeconds

    @Flag(name: .customLong("no-history"), help: "Do not record the exchanges in the history.")
    var noHistory = false

    @Flag(
        name: .customLong("no-cookies"),
        help:
            "Neither send nor keep the collection's cookies (by default the run reads and writes its environment's jar, as ferry send does)."
    )
    var noCookies = false

    @Option(name: .customLong("json-body-limit"), help: "With --reporter json, include at most this many bytes of each body.")
    var jsonBodyLimit = 65_536

    @Flag(name: .customLong("allow-insecure-redirect"), help: "Follow a redirect from https to http (by default Ferry stops there).")
    var allowInsecureRedirect = false

    @Flag(name: .customLong("location-trusted"), help: "Send the credentials on to another host, port or scheme a redirect leads to.")
    var locationTrusted = false

    @Option(name: .customLong("from-entry"), help: ArgumentHelp("Start at the plan's Nth request (1 is the first).", valueName: "N"))
    var fromEntry = 1

    @Option(name: .customLong("to-entry"), help: ArgumentHelp("Stop after the plan's Nth request.", valueName: "N"))
    var toEntry: Int?

    @Flag(name: [.customShort("L"), .customLong("location")], help: "Every request follows redirects, whatever its file says.")
    var location = false

    @Option(
        name: .customLong("max-redirs"),
        help: ArgumentHelp("The most redirects every request follows, whatever its file says (-1: no limit, as curl).", valueName: "N"))
    var maxRedirects: Int?

    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: ArgumentHelp("A header every request sends after its own (repeatable).", valueName: "name: value"))
    var headers: [String] = []

    @Option(
        name: [.customShort("u"), .customLong("user")],
        help: ArgumentHelp("Basic credentials for every request whose file gives none.", valueName: "user:password"))
    var user: String?

    @Flag(name: .customLong("digest"), help: "Send --user's credentials with HTTP Digest instead of Basic.")
    var digest = false

    @Option(
        name: .customLong("delay"),
        help: ArgumentHelp("Wait this many milliseconds before each request (not before its retries).", valueName: "ms"))
    var delay = 0

    @OptionGroup(title: "Collections") var collectionOptions: CollectionOptions

    @OptionGroup(title: "Contract") var contractOptions: ContractOptions

    @Flag(help: "With an OpenAPI document: report which operations and declared responses the run exercised, and which not.")
    var coverage = false

    @Flag(
        name: .customLong("dry-run"),
        help:
            "Resolve every request as the run would send it and send nothing: print each, then those that do not resolve and why (exit 5)."
    )
    var dryRun = false

    func validate() throws {
        guard repeatCount >= 1 else { throw ValidationError("--repeat takes a count of 1 or more") }
        guard maxTime >= 0, maxTime.isFinite else { throw ValidationError("--max-time takes a number of seconds, 0 for no limit") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes 1 to 64") }
        guard collectionOptions.save == nil else { throw ValidationError("--save is ferry send's") }
        guard fromEntry >= 1, (toEntry ?? fromEntry) >= fromEntry else {
            throw ValidationError("--from-entry and --to-entry take positions from 1, --to-entry not before --from-entry")
        }
        guard delay >= 0 else { throw ValidationError("--delay takes a number of milliseconds, 0 or more") }
        guard (maxRedirects ?? 0) >= -1 else { throw ValidationError("--max-redirs takes -1 (no limit) or a count, 0 or more") }
        guard !digest || user != nil else { throw ValidationError("--digest needs --user") }
        if dryRun {
            guard reporter == .text || reporter == .json, output == nil, !coverage else {
                throw ValidationError("--dry-run prints to stdout, as text or --reporter json (not with -o, junit, tap or --coverage)")
            }
        }
        for header in headers where HeaderLine.parse(header) == nil {
            throw ValidationError("--header \(header): expected `name: value`")
        }
    }

    func execute() async throws {
        let status = await perform()
        if status != .success { throw status.exitCode }
    }

    private func perform() async -> ExitStatus {
        let stdout = OutputStream.standardOutput
        let stderr = OutputStream.standardError
        var plan: RunPlan
        let variables: VariableResolver
        let chains: [VariableChain]
        let root: String
        let rows: [[Variable]]
        let connection: ConnectionSettings
        let contract: OpenAPIContract?
        do {
            root = collectionOptions.collection ?? Self.collectionRoot(of: paths.first ?? ".", options: collectionOptions)
            // The OpenAPI document is read (parsed, its operations gathered) on another thread while
            // the request files are, rather than before the first request.
            let (contractOptions, contractRoot, access) = (contractOptions, root, collectionOptions.fileAccess(root: root))
            async let reading = Result { () throws -> OpenAPIContract? in try contractOptions.contract(root: contractRoot, access: access) }
            plan = try RunPlan(paths: paths, root: root, filters: filters).entries(from: fromEntry, to: toEntry)
            (variables, chains) = try collectionOptions.variables(root: root)
            connection = try collectionOptions.connection(root: root)
            rows = try dataFile.map(RunData.rows(fromFile:)) ?? []
            contract = try await reading.get()
            if coverage, contract == nil {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "--coverage", problem: "needs an OpenAPI document (--openapi, or the collection's openapi:)"))
            }
            if let dataFile, rows.isEmpty {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "--data \(dataFile)", problem: "has no rows"))
            }
        } catch {
            stderr.line("ferry: run: " + TerminalSafeText.escaping(error is FerryError ? ErrorChain(error).rendered : "\(error)"))
            return .usage
        }
        // A file that cannot be read is named when the run reaches it, and not sent; the others run.
        plan.onProblem = { stderr.line("ferry: run: " + TerminalSafeText.escaping($0.description)) }
        let first = plan.item(at: 0)  // waits for the first request file only (the rest are read as the run goes)
        if first == nil, !plan.problems.isEmpty {
            plan.reportProblems()
            stderr.line("ferry: run: nothing was sent")
            return .usage
        }
        for link in plan.skippedLinks { stderr.line("ferry: run: " + TerminalSafeText.escaping(link.description)) }
        guard first != nil else {
            stderr.line("ferry: run: no request file matches" + (filters.isEmpty ? "" : " --filter \(filters.joined(separator: ", "))"))
            return .usage
        }
        var settings = RunSettings()
        settings.bail = bail
        settings.continueOnError = continueOnError
        settings.repeatCount = repeatCount
        settings.jobs = jobs
        settings.dataRows = rows
        settings.environment = collectionOptions.environment
        settings.connection = connection
        settings.access = collectionOptions.fileAccess(root: root)
        settings.timeLimit = RequestTimeLimit(maxTime: maxTime)
        settings.allowsInsecureRedirect = allowInsecureRedirect
        settings.keepsCredentialsOnRedirect = locationTrusted
        settings.followsRedirects = location
        settings.maxRedirects = maxRedirects
        settings.headers = headers.compactMap(HeaderLine.parse)
        settings.authentication = user.map { user in
            let (name, password) = Authentication.userAndPassword(user)
            return digest ? .digest(username: name, password: password) : .basic(username: name, password: password)
        }
        settings.delay = .milliseconds(delay)
        settings.contract = contract
        settings.contractRefusesRequests = contractOptions.requestMode == .error
        settings.keepsExchanges = reporter == .json
        settings.dryRun = dryRun
        // A dry run's pipeline is the run's, on a transport that refuses every request: nothing reaches the network.
        let curl = dryRun ? nil : CurlTransport(hashesBodies: !noHistory)
        let transport: any Transport = if let curl { curl } else { OfflineTransport() }
        let history = noHistory || dryRun ? nil : HistoryWriter(locations: StoreLocations(environment: ProcessEnvironment.variables))
        let pipeline = ExchangePipelines.commandLine(
            transport: transport, keepsCookies: !noCookies && !dryRun, history: history, printer: ResponsePrinter()
        ).pipeline(collection: root, environment: collectionOptions.environment)
        let id = HistoryOrigin.newRunID()
        let chainer = VariableChainer(
            root: root, environment: collectionOptions.environment, chains: chains, connection: connection, pipeline: pipeline,
            cache: ChainValueCache(
                locations: StoreLocations(environment: ProcessEnvironment.variables), collection: root,
                environment: collectionOptions.environment),
            timeLimit: settings.timeLimit, access: settings.access, run: id,
            onSent: { [announces = !dryRun] in if announces { stderr.line("ferry: sent " + TerminalSafeText.escaping($0.announcement)) } })
        let runner = CollectionRunner(pipeline: pipeline, settings: settings, chainer: chainer, executor: curl?.executor)
        if dryRun {
            let report = RunDryRunReport(output: stdout, redaction: variables.redaction, json: reporter == .json)
            let (task, interrupt) = InterruptHandler.guarding {
                Task { [plan] in await runner.run(plan, id: id, variables: variables) { report.report($0) } }
            }
            var summary = await task.value
            plan.reportProblems()
            summary.unread = plan.problems
            interrupt.cancel()
            return report.finish(summary)
        }
        let textOutput = reporter == .text || output != nil
        let text = RunTextReporter(
            output: stdout, redaction: variables.redaction, showsProgress: isatty(STDOUT_FILENO) == 1,
            total: plan.fileCount * repeatCount * max(1, rows.count))
        let counter = Counter()
        let bodies = RunBodyOutput(stdout: stdout, stderr: stderr)
        let iterations = repeatCount > 1 || rows.count > 1
        let (task, interrupt) = InterruptHandler.guarding {
            Task { [plan] in
                await runner.run(plan, id: id, variables: variables) { result in
                    let done = counter.increment()
                    bodies.write(result)
                    if textOutput { text.report(result, done: done, iterations: iterations) }
                }
            }
        }
        var summary = await task.value
        plan.reportProblems()
        summary.unread = plan.problems
        interrupt.cancel()
        if textOutput {
            RunTextReporter(output: stdout, redaction: summary.redaction, showsProgress: text.showsProgress, total: 0).finish(
                summary, recorded: history != nil)
        }
        let covered = coverage ? contract.map { ContractCoverage($0, exchanges: Self.exchanges(of: summary)) } : nil
        if let covered, reporter != .json {
            let lines = covered.lines.map(TerminalSafeText.escaping)
            // Beside a JUnit or TAP report on stdout, the coverage goes to stderr.
            if textOutput { lines.forEach(stdout.line) } else { lines.forEach(stderr.line) }
        }
        if let warning = history?.finish(redaction: summary.redaction) {
            stderr.line("ferry: " + TerminalSafeText.escaping(warning.message))
        }
        var status = Self.exitStatus(for: summary.results)
        if !summary.unread.isEmpty, status == .success || status == .rejected { status = .usage }  // the collection is broken
        if summary.cancelled { status = .cancelled }
        if reporter != .text || output != nil {
            do {
                let report = try self.report(summary, iterations: iterations, coverage: covered)
                if let output {
                    try AtomicFile.write(Data(report.utf8), to: output)
                } else {
                    stdout.write(report)
                }
            } catch {
                stderr.line("ferry: run: could not write the report: \(error)")
                return .localFile
            }
        }
        // What is left is teardown nobody sees (every result and the plan freed, the curl thread
        // stopped, libcurl and OpenSSL cleaned up), which the kernel does at once: the run ends here.
        // Not with the JSON report, whose results may hold a large body in a file removed when freed.
        if !settings.keepsExchanges { Self.end(with: status) }
        return status
    }

    /// Ends the process with `status` now, without unwinding (everything it wrote is written).
    private static func end(with status: ExitStatus) -> Never {
        fflush(nil)
        _exit(status.rawValue)
    }

    private func report(_ summary: RunSummary, iterations: Bool, coverage: ContractCoverage?) throws -> String {
        switch reporter {
        case .text:
            summary.results.flatMap { RunTextReporter.lines(for: $0, iterations: iterations) }.map(summary.redaction.redact).joined(
                separator: "\n") + "\n" + summary.line + "\n"
        case .json: try RunJSONReport(summary, bodyLimit: max(0, jsonBodyLimit), coverage: coverage).text(redaction: summary.redaction)
        case .junit: RunJUnitReport.text(summary, iterations: iterations)
        case .tap: RunTAPReport.text(summary, iterations: iterations)
        }
    }

    /// The run's exchanges that reached the wire, for coverage.
    static func exchanges(of summary: RunSummary) -> [ContractCoverage.Exchange] {
        summary.results.compactMap { result in
            result.request.map { ContractCoverage.Exchange(method: $0.method, url: $0.url, status: result.response?.status) }
        }
    }

    /// The collection a path belongs to: the nearest folder holding `environments/`, from a folder itself or a file's folder.
    private static func collectionRoot(of path: String, options: CollectionOptions) -> String {
        var isDirectory: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        return options.root(forRequestFile: folder ? (path as NSString).appendingPathComponent(RequestCollection.requestSuffix) : path)
    }

    /// 2 when a transport failed, else 3 when anything else failed, else 0.
    static func exitStatus(for results: [RunResult]) -> ExitStatus {
        if results.contains(where: { $0.status == .error }) {
            return results.compactMap(\.error).map(ExitStatus.init(for:)).first { $0 != .rejected } ?? .transport
        }
        return results.contains { $0.status == .failed } ? .rejected : .success
    }
}

/// Counts results as they arrive (the runner calls back from its task).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}
