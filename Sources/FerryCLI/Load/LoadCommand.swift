import ArgumentParser
import FerryCore
import FerrySession
import FerryStore
import FerryTransport
import Foundation

/// `ferry load TARGET`: many requests at once, with latency percentiles, statuses, failures by
/// cause and throughput (Documentation/load.md).
struct LoadCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send a load of requests and measure latencies, statuses and throughput.",
        discussion: """
            TARGET is a URL (with send's request flags), a request file, or a collection folder (each of its request \
            files, chosen by --weight). -c requests run at once, for -n requests or -z time; with -r they start at that \
            rate and latency counts from when each was due. Ctrl-C stops and prints what was measured.
            Exit codes: 0 answered, 1 usage or input error, 2 nothing answered, 3 a sampled response failed its checks, 130 stopped.
            """)

    @OptionGroup var options: SendOptions
    @OptionGroup(title: "Load") var load: LoadOptions
    @OptionGroup(title: "Request files and collections") var collectionOptions: CollectionOptions

    /// `send`'s flags about one exchange's output have no meaning for a load.
    func validate() throws {
        let refused: [(Bool, String)] = [
            (options.output != nil, "-o"), (options.continueAt != nil, "-C"), (options.stream, "--stream"),
            (options.keepOpen, "--keep-open"),
            (options.dryRun, "--dry-run"), (options.dumpBody != nil, "--dump-body"), (options.include, "-i"),
            (options.timeline, "--timeline"),
            (options.failsOnErrorStatus, "-f"), (options.limitRate != nil, "--limit-rate"), (collectionOptions.save != nil, "--save"),
        ]
        if let flag = refused.first(where: \.0)?.1 {
            throw ValidationError("\(flag) is for ferry send; ferry load counts responses instead")
        }
    }

    func execute() async throws {
        let printer = ResponsePrinter()
        let locations = StoreLocations(environment: ProcessEnvironment.variables)
        let pipelines = ExchangePipelines.commandLine(
            transport: CurlTransport(hashesBodies: false), locations: locations, keepsCookies: true, history: nil, printer: printer)
        let targets: LoadTargets
        let runner: LoadRunner
        do {
            targets = try await LoadTargets(options, load: load, collection: collectionOptions, pipelines: pipelines)
            let (plan, note) = try load.plan(targets: targets.targets, connectionLimit: LoadConnectionLimit.raised())
            if let note { printer.stderr.line("ferry: load: " + note) }
            runner = try LoadRunner(plan: plan)
        } catch {
            let failure = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: "request", problem: "\(error)"))
            printer.printError(failure)
            throw ExitStatus(for: failure).exitCode
        }
        let started = Date()
        let interrupt = InterruptHandler { runner.stop() }
        let progress = printer.stderr.isTerminal && !options.json ? LoadProgressLine(runner: runner, stream: printer.stderr) : nil
        let report = await runner.run()
        progress?.stop()
        interrupt.cancel()
        let run = options.noHistory ? nil : record(targets, started: started, locations: locations, printer: printer)
        if options.json {
            printer.stdout.write(try Self.json(report, run: run))
        } else {
            for line in LoadSummary(report: report, target: targets.description).lines {
                printer.stdout.line(TerminalSafeText.escaping(line))
            }
        }
        let status = Self.status(of: report)
        if status == .transport {
            let cause = report.abandoned ?? report.errors.first.map { "\($0.example)" } ?? "no request completed"
            printer.stderr.line("ferry: load: nothing was answered: " + TerminalSafeText.escaping(cause))
        }
        if status != .success { throw status.exitCode }
    }

    /// One row in the history for the load: its first sampled exchange, under a run id of its own
    /// (the history holds exchanges; the load's statistics are in its report).
    private func record(_ targets: LoadTargets, started: Date, locations: StoreLocations, printer: ResponsePrinter) -> String? {
        guard let (index, response) = targets.firstSample.value.withLock({ $0 }) else { return nil }
        let id = "load-" + HistoryOrigin.newRunID(now: started)
        var origin = targets.origin
        origin.run = id
        let history = HistoryWriter(locations: locations)
        history.append(
            FinishedExchange(
                request: targets.targets[index].request, response: response, error: nil, started: started, origin: origin,
                redaction: targets.redaction))
        if let warning = history.finish(redaction: targets.redaction) {
            printer.stderr.line("ferry: " + TerminalSafeText.escaping(warning.message))
            return nil
        }
        return id
    }

    static func status(of report: LoadReport) -> ExitStatus {
        if report.responses == 0, !report.interrupted || report.failures > 0 { return .transport }
        if report.interrupted { return .cancelled }
        return report.sampleFailures.isEmpty ? .success : .rejected
    }

    /// The report as one JSON document with the history run it was recorded under.
    static func json(_ report: LoadReport, run: String?) throws -> Data {
        struct Document: Encodable {
            var load: LoadReport
            var historyRun: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(load: report, historyRun: run)) + Data("\n".utf8)
    }
}
