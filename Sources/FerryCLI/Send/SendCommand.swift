import ArgumentParser
import FerryCore
import FerryGRPC
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
    @OptionGroup(title: "Contract") var contractOptions: ContractOptions

    func execute() async throws {
        if GRPCTarget.isGRPC(options.url) {
            let status = await GRPCSendSession(options: options, protosets: options.protosets).run()
            if status != .success { throw status.exitCode }
            return
        }
        let status = await Self.exchange(
            options, responseOptions: responseOptions, collection: collectionOptions, session: sessionOptions, contract: contractOptions,
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
        _ options: SendOptions, given: RequestDescription? = nil, responseOptions givenResponseOptions: ResponseOptions,
        collection: CollectionOptions, session: SessionOptions, contract contractOptions: ContractOptions? = nil,
        transport: CurlTransport = CurlTransport()
    ) async -> ExitStatus {
        var printer = ResponsePrinter()
        var request: Request
        let cookiePlan: SessionOptions.CookiePlan?
        let cookieProblem = Mutex<FerryError?>(nil)
        let locations = StoreLocations(environment: ProcessEnvironment.variables)
        let history = options.noHistory ? nil : HistoryWriter(locations: locations)
        defer { history?.finish().map { printer.stderr.line("ferry: " + TerminalSafeText.escaping($0.message)) } }
        let pipelines = ExchangePipelines.commandLine(
            transport: transport, locations: locations, keepsCookies: !session.noCookies, history: history, printer: printer
        ) { problem in
            cookieProblem.withLock { $0 = $0 ?? problem }
        }
        var conclusion: ResponseConclusion
        let scripted: PendingScripts?
        let download: DownloadPlan
        let origin: HistoryOrigin
        let files: [String]
        let retry: TransientRetry?
        let writeOut: WriteOutFormat?
        do {
            retry = try options.transientRetry()
            writeOut = try options.writeOut.map {
                try WriteOutFormat(argument: $0) { path in
                    path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try SendOptions.readFile(path)
                }
            }
            if writeOut != nil, options.json {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "-w", problem: "cannot be combined with --json (it is in the JSON)"))
            }
            let stderr = printer.stderr
            let input = try await RequestFileInput(
                options, given: given, collection: collection, responseOptions: givenResponseOptions, session: session,
                pipelines: pipelines
            ) { stderr.line("ferry: sent " + TerminalSafeText.escaping($0.announcement)) }
            printer.redaction = input.redaction
            scripted = input.scripts
            origin = input.origin
            request = input.request
            files = input.files
            // `-b`, `-c` and `--no-cookies` say where the cookies come from and go to; else the
            // pipeline reads and writes the collection's and environment's jar.
            let plan = try session.cookiePlan(
                defaultJar: locations.cookieJarPath(collection: origin.collection, environment: origin.environment))
            if let plan { request.cookies = plan.cookies }
            session.applySecrets(to: &request)
            download = try DownloadPlan(output: try options.outputPath() ?? input.output, continueAt: options.continueAt)
            try download.apply(to: &request)
            cookiePlan = plan
            var checks = input.checks
            if let schema = try givenResponseOptions.schemaAssertion() { checks.assertions.append(schema) }
            conclusion = ResponseConclusion(
                evaluator: input.expectations?.evaluator(accept: request.headers["Accept"], fallback: .data), checks: checks)
            if let path = collection.savePath, let document = input.document { try document.save(to: path, force: collection.force) }
            let root = origin.collection
            let given = contractOptions ?? ContractOptions(openapi: nil, requestMode: .warn)
            let loaded: OpenAPIContract?
            do {
                loaded = try given.contract(root: root, access: root.map { collection.fileAccess(root: $0) })
            } catch let problem as ConfigProblem {
                let field = given.openapi == nil ? "openapi" : "--openapi"
                throw FerryError.invalidRequest(reason: .invalidArgument(name: field, problem: problem.description))
            }
            if let contract = loaded {
                let exchangeContract = ExchangeContract(contract, method: request.method, url: request.url)
                conclusion.contract = exchangeContract
                let verdict = exchangeContract.check(request: request)
                if !verdict.passed, given.requestMode == .error {
                    printer.stderr.line("ferry: not sent: the request breaks the contract (--contract-requests error)")
                    let refused = Outcome(request: request, checks: CheckReport(results: verdict.findings.map(\.result)))
                    return report(refused, options: options, hex: false, printer: printer)
                }
                for finding in verdict.findings {
                    printer.stderr.line("ferry: warning: " + TerminalSafeText.escaping(finding.text))
                }
            }
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
                request: request, printer: printer, json: options.json, include: options.showsHead,
                keepOpen: options.keepOpen, origin: options.noHistory ? nil : origin
            ).run(through: pipelines.pipeline(collection: origin.collection, environment: origin.environment))
        }
        let destination = download.destination
        let started = Date()
        let streamPrinter =
            download.output == nil || options.stream
            ? StreamPrinter(printer: printer, forced: options.stream, json: options.json, includeHead: options.showsHead) : nil
        let pipeline = pipelines.pipeline(collection: origin.collection, environment: origin.environment)
        let redaction = printer.redaction
        let stderr = printer.stderr
        let (task, interrupt) = InterruptHandler.guarding {
            Task { [request, conclusion, scripted, origin = options.noHistory ? nil : origin] in
                var exchanged = await pipeline.exchange(
                    request, concluding: conclusion, origin: origin, receivingInto: destination, observer: streamPrinter,
                    redaction: redaction, scripts: scripted)
                var attempt = 0
                while let retry, let reason = retry.reason(response: exchanged.concluded?.response, error: exchanged.error) {
                    attempt += 1
                    let retryAfter = exchanged.concluded?.response.headers["Retry-After"]
                    guard let wait = retry.wait(beforeRetry: attempt, retryAfter: retryAfter, elapsed: Date().timeIntervalSince(started))
                    else { break }
                    let left = retry.retries - attempt + 1
                    stderr.line(
                        "ferry: \(reason): sending again in \(wait.formatted()) s (\(left) \(left == 1 ? "retry" : "retries") left)")
                    do { try await Task.sleep(for: .seconds(wait)) } catch { break }
                    exchanged = await pipeline.exchange(
                        request, concluding: conclusion, origin: origin, receivingInto: destination, observer: streamPrinter,
                        redaction: redaction, scripts: scripted)
                }
                return exchanged
            }
        }
        defer { interrupt.cancel() }
        let exchanged = await task.value
        printer.redaction = exchanged.redaction
        var outcome = Outcome(request: request, error: exchanged.error)
        if let concluded = exchanged.concluded {
            streamPrinter?.finish(time: Int64(Date().timeIntervalSince(started) * 1e6))
            outcome.response = concluded.response
            outcome.serialized = concluded.value
            outcome.checks = concluded.checks
            outcome.value = conclusion.evaluator.flatMap { evaluator in
                concluded.value.map {
                    ValueSummary(
                        $0, serializer: evaluator.serializer.name, bytes: concluded.response.body.count,
                        parseMicroseconds: concluded.response.timeline[.serialize])
                }
            }
        } else {
            outcome.keptPartial = download.keptPartialNote()
        }
        if let scripts = exchanged.scripts {
            if exchanged.concluded == nil {  // what the pre-request scripts left, with no response to check
                var checks = CheckReport()
                scripts.apply(to: &checks)
                outcome.checks = checks
            }
            if options.verbose { for line in outcome.checks?.console ?? [] { printer.stderr.line(TerminalSafeText.escaping(line.line)) } }
        }
        outcome.files = files
        if let offset = download.offset, let output = download.output, let response = outcome.response {
            outcome.resume = ResumeOutcome(response: response, offset: offset, output: output)
        }
        outcome.stream = streamPrinter?.report(stoppedByUser: outcome.response?.stoppedByUser == true)
        if options.verbose, !options.json, let response = outcome.response { printer.printVerboseHeads(of: response) }
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
        if let writeOut {
            let variables = WriteOutVariables(
                url: options.url, request: request, response: outcome.response, error: outcome.error, exitCode: status.rawValue,
                output: download.output)
            printer.printWriteOut(writeOut, variables: variables)
        }
        return status
    }

    private static func report(_ outcome: Outcome, options: SendOptions, hex: Bool, printer: ResponsePrinter) -> ExitStatus {
        var status = outcome.error.map(ExitStatus.init(for:)) ?? (outcome.response?.stoppedByUser == true ? .cancelled : .success)
        if status == .success, outcome.checks?.passed == false { status = .rejected }
        if status == .success, outcome.resume?.kind == .refused { status = .rejected }
        let failed = status == .success && options.failsOnErrorStatus && (outcome.response?.status ?? 0) >= 400
        if failed { status = .rejected }
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
            if let checks = outcome.checks { printer.printChecks(checks) }
            return status
        }
        if options.showsHead, outcome.stream == nil { printer.printHead(of: response) }
        if failed { printer.stderr.line("ferry: the server answered \(response.status) \(response.reasonPhrase) (\(options.failFlag))") }
        do {
            if failed && !options.failWithBody {
                // -f prints no body of an error status, as curl does.
            } else if outcome.stream != nil {
                // A stream's events were printed as they arrived.
            } else if let resume = outcome.resume, !resume.bodyWentToFile {
                // The answer to -C that was not for the file (an error page) is not printed.
            } else if let request = outcome.request, GRPCTransport.carries(request), !hex {
                try printer.printGRPCAnswer(response, includeTrailers: options.showsHead)
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
