import ArgumentParser
import FerryCore
import FerrySession
import FerryStore
import FerryTransport
import Foundation
import Synchronization

/// `ferry send URL [flags]`: one exchange, printed for people or as JSON, with a meaningful exit code.
struct SendCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one request and show what came back.",
        discussion:
            "Exit codes: 0 success, 1 usage or input error, 2 transport failure, 3 response rejected, 4 local file error, 130 cancelled.")

    @OptionGroup var options: SendOptions
    @OptionGroup var responseOptions: ResponseOptions
    @OptionGroup(title: "Sessions and authentication") var sessionOptions: SessionOptions
    @OptionGroup(title: "Request files and collections") var collectionOptions: CollectionOptions

    func execute() async throws {
        let status = await Self.exchange(
            options, responseOptions: responseOptions, collection: collectionOptions, session: sessionOptions,
            transport: CurlTransport(hashesBodies: !options.noHistory))
        if status != .success { throw status.exitCode }
    }

    /// What came of the exchange: the response (after evaluation, when asked for), the value the
    /// serializer made, and the failure, if any.
    private struct Outcome {
        var request: Request?
        var response: Response?
        var value: ValueSummary?
        var serialized: SerializedValue?
        var error: FerryError?
        /// The request file's `expect:` and `capture:` results.
        var checks: CheckReport?
        /// The body was printed as a stream while it arrived.
        var stream: ExchangeReport.StreamPart?
        /// What `-C` did to the download.
        var resume: ResumeOutcome?
        /// A failed download's note on what it kept to continue.
        var keptPartial: String?
        /// The local files the request reads (its body, parts, certificates), for `--json`.
        var files: [String] = []
    }

    /// Runs the exchange, evaluates the response when response flags ask for it, and prints it;
    /// SIGINT cancels the transfer cleanly (a `-o` download that had begun is kept to continue with `-C`); a streamed body (server-sent events,
    /// NDJSON, `--stream`) is printed as it arrives, and SIGINT keeps what arrived (exit 130). The request comes from the flags
    /// or a `.ferry.yaml` file; `--save` writes it into the collection before it is sent.
    static func exchange(
        _ options: SendOptions, responseOptions givenResponseOptions: ResponseOptions, collection: CollectionOptions,
        session: SessionOptions, transport: CurlTransport = CurlTransport()
    ) async -> ExitStatus {
        var printer = ResponsePrinter()
        var request: Request
        let cookiePlan: SessionOptions.CookiePlan?
        let cookieProblem = Mutex<FerryError?>(nil)
        let pipelines = ExchangePipelines.commandLine(transport: transport, keepsCookies: !session.noCookies, printer: printer) { problem in
            cookieProblem.withLock { $0 = $0 ?? problem }
        }
        let evaluator: ResponseEvaluator?
        let download: DownloadPlan
        let origin: HistoryOrigin
        let checks: ResponseChecks
        let files: [String]
        let locations = StoreLocations(environment: ProcessInfo.processInfo.environment)
        do {
            let stderr = printer.stderr
            let input = try await RequestFileInput(
                options, collection: collection, responseOptions: givenResponseOptions, session: session,
                pipelines: pipelines
            ) { [noHistory = options.noHistory] sent in
                HistoryRecording.chainSent(sent, noHistory: noHistory, stderr: stderr)
            }
            printer.redaction = input.redaction
            origin = input.origin
            request = input.request
            checks = input.checks
            files = input.files
            // `-b`, `-c` and `--no-cookies` say where the cookies come from and go to; else the
            // pipeline reads and writes the collection's and environment's jar.
            let plan = try session.cookiePlan(
                defaultJar: locations.cookieJarPath(collection: origin.collection, environment: origin.environment))
            if let plan { request.cookies = plan.cookies }
            session.applySecrets(to: &request)
            download = try DownloadPlan(output: options.output, continueAt: options.continueAt)
            try download.apply(to: &request)
            cookiePlan = plan
            evaluator = input.expectations?.evaluator(accept: request.headers["Accept"], fallback: .data)
            if let path = collection.savePath, let document = input.document { try document.save(to: path, force: collection.force) }
        } catch {
            let ferryError = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: "request", problem: "\(error)"))
            return report(Outcome(error: ferryError), options: options, hex: false, printer: printer)
        }
        do {
            if let path = options.dumpBody { try RequestBodyFile.write(request.body, to: path) }
        } catch {
            let ferryError = error as? FerryError ?? .localFile(reason: .unwritable(path: options.dumpBody ?? "", error: POSIXError(.EIO)))
            return report(Outcome(request: request, error: ferryError), options: options, hex: false, printer: printer)
        }
        if options.dryRun {
            if !options.json { printer.printPlanned(request, files: files) }
            return report(Outcome(request: request, files: files), options: options, hex: false, printer: printer)
        }
        if request.isWebSocket {
            return await WebSocketSession(
                request: request, printer: printer, json: options.json, include: options.include,
                keepOpen: options.keepOpen, origin: options.noHistory ? nil : origin
            ).run(on: transport)
        }
        let destination = download.destination
        let started = Date()
        let streamPrinter =
            options.output == nil || options.stream
            ? StreamPrinter(printer: printer, forced: options.stream, json: options.json, includeHead: options.include) : nil
        let pipeline = pipelines.pipeline(collection: origin.collection, environment: origin.environment)
        let redaction = printer.redaction
        let (task, interrupt) = InterruptHandler.guarding {
            Task { [request] in
                var redaction = redaction
                let response = try await pipeline.send(request, receivingInto: destination, observer: streamPrinter, redaction: &redaction)
                return (response, redaction)
            }
        }
        defer { interrupt.cancel() }
        var outcome: Outcome
        do {
            let (response, redaction) = try await task.value
            printer.redaction = redaction
            streamPrinter?.finish(time: Int64(Date().timeIntervalSince(started) * 1e6))
            if let evaluator {
                let evaluation = evaluator.evaluate(response, method: request.method)
                let summary = evaluation.value.map {
                    ValueSummary(
                        $0, serializer: evaluator.serializer.name, bytes: response.body.count,
                        parseMicroseconds: evaluation.response.timeline[.serialize])
                }
                outcome = Outcome(
                    request: request, response: evaluation.response, value: summary,
                    serialized: evaluation.value, error: evaluation.error)
            } else {
                outcome = Outcome(request: request, response: response)
            }
        } catch {
            outcome = Outcome(request: request, error: error as? FerryError ?? .explicitlyCancelled)
            outcome.keptPartial = download.keptPartialNote()
        }
        outcome.files = files
        if let offset = download.offset, let output = download.output, let response = outcome.response {
            outcome.resume = ResumeOutcome(response: response, offset: offset, output: output)
        }
        outcome.stream = streamPrinter?.report(stoppedByUser: outcome.response?.stoppedByUser == true)
        if !checks.isEmpty, let response = outcome.response {
            var document: Document?
            if case .document(let parsed)? = outcome.serialized { document = parsed }
            let facts = ResponseFacts(response: response, method: request.method, document: document, examples: checks.examples)
            outcome.checks = CheckReport(checking: checks, facts: facts)
        }
        var status = report(outcome, options: options, hex: givenResponseOptions.value.hex, printer: printer)
        if status == .success, let problem = cookieProblem.withLock({ $0 }) { status = ExitStatus(for: problem) }
        outcome.keptPartial.map { printer.stderr.line($0) }
        if let jar = outcome.response?.cookieJar, let cookieJarPath = cookiePlan?.path(toWrite: jar) {
            do {
                try CookieJarFile.write(jar, to: cookieJarPath)
            } catch {
                let failure = error as? FerryError ?? .localFile(reason: .unwritable(path: cookieJarPath, error: POSIXError(.EIO)))
                printer.printError(failure)
                if status == .success { status = ExitStatus(for: failure) }
            }
        }
        if !options.json, let response = outcome.response { printer.printRefusedCredentials(of: request, response: response) }
        if !options.noHistory {
            HistoryRecording.record(
                request, response: outcome.response, error: outcome.error, started: started,
                origin: origin, redaction: printer.redaction, stderr: printer.stderr)
        }
        return status
    }

    private static func report(_ outcome: Outcome, options: SendOptions, hex: Bool, printer: ResponsePrinter) -> ExitStatus {
        var status = outcome.error.map(ExitStatus.init(for:)) ?? (outcome.response?.stoppedByUser == true ? .cancelled : .success)
        if status == .success, outcome.checks?.passed == false { status = .rejected }
        if status == .success, outcome.resume?.kind == .refused { status = .rejected }
        outcome.resume.map { printer.stderr.line($0.message) }

        if options.json {
            var requestPart =
                (outcome.request.map { ExchangeReport.RequestPart(request: $0, sent: outcome.response?.sent) }
                    ?? ExchangeReport.RequestPart(unparsedURL: options.url, method: options.method))
            requestPart.localFiles = outcome.files.isEmpty ? nil : outcome.files
            do {
                var document = try ExchangeReport(
                    request: requestPart, response: outcome.response, error: outcome.error,
                    bodyLimit: max(0, options.jsonBodyLimit), exitCode: status)
                document.value = outcome.value
                document.assertions = outcome.checks.map { $0.results.map(ExchangeReport.AssertionPart.init) }
                document.stream = outcome.stream
                let encoded = try outcome.stream == nil ? document.encoded() : document.encodedLine()
                printer.stdout.write(
                    printer.redaction.isEmpty ? encoded : Data(printer.redaction.redact(String(decoding: encoded, as: UTF8.self)).utf8))
                printer.stdout.write("\n")
            } catch let failure as FerryError {
                printer.printError(failure)
                status = ExitStatus(for: failure)
            } catch {
                printer.stderr.line("ferry: could not encode the report: \(error)")
                status = .localFile
            }
            return status
        }
        guard let response = outcome.response else {
            outcome.error.map(printer.printError)
            return status
        }
        if options.include, outcome.stream == nil { printer.printHead(of: response) }
        do {
            if outcome.stream != nil {
                // A stream's events were printed as they arrived.
            } else if let resume = outcome.resume, !resume.bodyWentToFile {
                // The answer to -C that was not for the file (an error page) is not printed.
            } else if hex {
                try printer.printHexDump(HexDump(source: ByteSource(body: response.body)))
            } else {
                switch (outcome.serialized, outcome.error) {
                case (.data?, _), (nil, nil): try printer.printBody(of: response)
                case (let value?, _): try printer.printValue(value, body: response.body, contentType: response.headers["Content-Type"])
                case (nil, _?): break
                }
            }
        } catch let failure as FerryError {
            printer.printError(failure)
            status = ExitStatus(for: failure)
        } catch {
            status = .localFile
        }
        outcome.error.map(printer.printError)
        if let checks = outcome.checks { printer.printChecks(checks) }
        if let stream = outcome.stream, stream.stoppedByUser {
            printer.stderr.line("ferry: stopped after \(stream.events) events (\(response.body.count) bytes); what arrived is kept")
        }
        if options.timeline { printer.printTimeline(of: response) }
        return status
    }
}
