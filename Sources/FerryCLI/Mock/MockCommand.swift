import ArgumentParser
import FerryApp
import FerryCore
import FerryMock
import FerryStore
import FerryTransport
import Foundation

/// `ferry mock SOURCE…`: a mock server of a collection's saved examples and of OpenAPI documents
/// (Documentation/mock.md).
struct MockCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a collection's saved examples or an OpenAPI document as a mock server.",
        discussion: """
            SOURCE is a collection folder (its request files' examples, and its mock.yaml rules), a request file, an \
            OpenAPI document (YAML or JSON) or a mock file; --from-history adds what real servers answered, and --record \
            sends what nothing answers on to a real server and records it. Each answered request is logged on stdout \
            (with --json, one JSON object a line); the routes and warnings go to stderr. Ctrl-C stops the server.
            Exit codes: 0 stopped, 1 usage or input error (a port in use, a source that cannot be read).
            """)

    @Argument(help: "Collection folders, request files, OpenAPI documents and mock files.", completion: .file())
    var sources: [String] = []

    @Flag(help: "Also answer what real servers answered, from the history (matched by method, path, query and body).")
    var fromHistory = false

    @Option(help: ArgumentHelp("With --from-history: only the exchanges of this run.", valueName: "id"))
    var run: String?

    @Option(help: "With --from-history: only exchanges from this time on: ISO 8601, or an age such as 30m, 1h, 2d.")
    var since: String?

    @Option(
        help: ArgumentHelp(
            "Send what no route answers on to this server, and record its answers in the history.", valueName: "upstream"))
    var record: String?

    @Flag(
        help:
            "With --record: also save each answer as an example of the collection's request file it fits (atomically; an answer saved before is not saved again)."
    )
    var intoExamples = false

    @Option(name: .shortAndLong, help: "The port to listen on (0 picks a free one).")
    var port: Int = 4010

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Flag(help: "Log each hit as one JSON object a line.")
    var json = false

    @Flag(help: "Print the routes (and the warnings) and exit without serving.")
    var list = false

    @Flag(help: "Keep the resources of the OpenAPI documents' paths in memory: POST creates, GET reads, PUT/PATCH update, DELETE removes.")
    var stateful = false

    @Flag(
        name: .customLong("validate"),
        help: "Check each request against its OpenAPI operation; a violation is answered 400 (application/problem+json).")
    var validatesRequests = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard !sources.isEmpty || fromHistory || record != nil else {
            throw ValidationError("give a collection folder, a request file, an OpenAPI document, --from-history or --record")
        }
        guard fromHistory || (run == nil && since == nil) else {
            throw ValidationError("--run and --since choose what --from-history serves")
        }
        guard !intoExamples || record != nil else { throw ValidationError("--into-examples saves what --record forwards") }
    }

    func execute() async throws {
        let stderr = OutputStream.standardError
        var launch = MockLaunch(sources: sources)
        launch.stateful = stateful
        launch.validatesRequests = validatesRequests
        launch.history = fromHistory ? (run, since) : nil
        launch.upstream = record
        launch.intoExamples = intoExamples
        let prepared: MockLaunch.Prepared
        do {
            prepared = try launch.prepare(environment: ProcessEnvironment.variables) { line in
                stderr.line("ferry: mock: " + TerminalSafeText.escaping(line))
            }
        } catch {
            stderr.line("ferry: mock: " + TerminalSafeText.escaping(error.description))
            throw ExitStatus.usage.exitCode
        }
        let service = prepared.service
        for note in prepared.notes { stderr.line("ferry: mock: " + TerminalSafeText.escaping(note)) }
        for warning in prepared.warnings {
            stderr.line("ferry: mock: warning: " + TerminalSafeText.escaping(warning))
        }
        for (kept, dropped) in service.router.duplicates {
            stderr.line("ferry: mock: warning: \(dropped.name) of \(dropped.source) is already answered by \(kept.source) (left out)")
        }
        let bases = service.router.basePaths.map { "/" + $0.joined(separator: "/") }
        if !bases.isEmpty {
            stderr.line(
                "ferry: mock: the documents' paths are served at the root and under "
                    + TerminalSafeText.escaping(bases.joined(separator: ", ")))
        }
        if list {
            for route in service.router.routes {
                OutputStream.standardOutput.line(TerminalSafeText.escaping("\(route.name)  \(route.source)"))
            }
            return
        }
        // A connection is a file: the soft open-file limit is raised to the hard one, as `ferry load` raises it.
        _ = LoadConnectionLimit.raised()
        let log = MockLogWriter(stream: .standardOutput, json: json)
        let server: MockServer
        do {
            server = try await MockServer.start(host: host, port: port, service: service) { log.record($0) }
        } catch {
            stderr.line("ferry: mock: " + MockServer.describe(bindError: error, host: host, port: port))
            throw ExitStatus.usage.exitCode
        }
        for route in service.router.routes {
            stderr.line("  " + TerminalSafeText.escaping("\(route.name)  \(route.source)"))
        }
        if let record { stderr.line("  everything else: " + TerminalSafeText.escaping(record) + " (recorded in the history)") }
        if let resources = service.resources { stderr.line("  stateful: " + resources.collections.joined(separator: ", ")) }
        stderr.line("ferry: mock: \(service.router.routes.count) routes on \(server.baseURL) (Ctrl-C stops)")
        let interrupt = InterruptHandler { server.stopListening() }
        await server.waitUntilClosed()
        await server.shutdown()
        interrupt.cancel()
        log.finish()
        if let warning = prepared.recorder?.finish() { stderr.line("ferry: mock: " + TerminalSafeText.escaping(warning)) }
    }
}
