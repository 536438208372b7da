import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

@testable import FerrySession

/// A run's contract checks made in batches (`ContractCheckWorker`): every check says what the checks
/// made in turn say, whoever makes it; a run reports each request in order with its own verdicts;
/// a request's line waits for its verdicts no longer than the latency bound (a slow answer after it
/// does not hold it); too many waiting makes the run's thread check them itself.
@Suite struct ContractCheckWorkerTests {
    static let spec = """
        {"openapi": "3.0.3", "info": {"title": "Items", "version": "1"},
         "paths": {"/items": {"get": {
           "parameters": [{"name": "i", "in": "query", "schema": {"type": "integer", "minimum": 1}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
             "type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}}}}}}
        """

    static func contract() throws -> OpenAPIContract {
        try OpenAPIContract(try JSONParser.parse(Data(spec.utf8)), name: "items.json")
    }

    static func response(_ body: String) -> Response {
        let data = Data(body.utf8)
        return Response(
            status: 200, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: ["Content-Type": "application/json"],
            body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: "", remoteAddress: nil, redirects: [],
            timeline: Timeline(start: Date()), sent: nil)
    }

    @Test func everyCheckQueuedIsMadeOnceWhoeverGetsThereFirst() throws {
        let contract = try Self.contract()
        var limits = ContractCheckWorker.Limits()
        limits.batch = 4
        let worker = ContractCheckWorker(limits)
        var checks: [(ContractCheck, request: ContractVerdict, response: ContractVerdict)] = []
        for number in 0..<500 {
            // Every third request breaks its parameter, every fifth response its body.
            let request = Request(method: .get, url: URL(string: "http://h/items?i=\(number % 3 == 0 ? "x" : "\(number + 1)")")!)
            let response = Self.response(number % 5 == 0 ? #"{"id": "\#(number)"}"# : #"{"id": \#(number)}"#)
            let exchange = ExchangeContract(contract, method: .get, url: request.url)
            let check = ContractCheck(contract, request: request, response: response, worker: worker)
            worker.submit(check)
            checks.append((check, exchange.check(request: request), exchange.check(response, document: nil)))
            if number % 2 == 0, let (check, request, response) = checks.first {  // asked for while others are queued
                let verdicts = check.verdicts
                #expect(verdicts.request == request)
                #expect(verdicts.response == response)
                checks.removeFirst()
            }
        }
        worker.finish()
        for (check, request, response) in checks {
            #expect(check.verdicts.request == request)
            #expect(check.verdicts.response == response)
        }
        #expect(checks.contains { !$0.request.passed } && checks.contains { $0.response.findings.map(\.part) == ["body"] })
        let unanswered = ContractCheck(
            contract, request: Request(method: .get, url: URL(string: "http://h/items?i=0")!), response: nil, worker: nil)
        #expect(unanswered.verdicts.response == nil)
        #expect(unanswered.verdicts.request.findings.map(\.keyword) == ["minimum"])
    }

    /// The results reported so far (the run's `onResult`), and a wait for some number of them.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [RunResult] = []
        private var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func add(_ result: RunResult) {
            let due = lock.withLock {
                results.append(result)
                let due = waiting.filter { $0.count <= results.count }
                waiting.removeAll { $0.count <= results.count }
                return due
            }
            due.forEach { $0.continuation.resume() }
        }

        var count: Int { lock.withLock { results.count } }

        /// Returns once `count` results are reported.
        func wait(for count: Int) async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock {
                    guard results.count < count else { return true }
                    waiting.append((count, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    /// Runs `files` (`name` → the query of `/items` it asks for) against `answer`, checked against
    /// the items document with `limits`; onResult's reports go to `reports`.
    static func run(
        _ files: [String: String], limits: ContractCheckWorker.Limits, reports: Reports = Reports(),
        answer: @escaping @Sendable (Request) async throws -> MemoryTransport.Reply
    ) async throws -> RunSummary {
        let directory = try TemporaryDirectory()
        for (name, query) in files {
            _ = try directory.write(name, Data("url: http://api.test/items?\(query)\nexpect:\n  status: 200\n".utf8))
        }
        let plan = try RunPlan(paths: [], root: directory.path)
        var settings = RunSettings()
        settings.contract = try contract()
        settings.contractBatching = limits
        let pipeline = ExchangePipelines(
            transport: MemoryTransport(answer: answer),
            locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        )
        .pipeline(collection: directory.path, environment: nil)
        return await CollectionRunner(pipeline: pipeline, settings: settings)
            .run(plan, id: "run-c", variables: VariableResolver([])) { reports.add($0) }
    }

    static func name(_ number: Int) -> String { "r\(String(format: "%03d", number)).ferry.yaml" }

    /// Request 30 breaks the document's parameter (sent with a warning), the answer to 70 its body:
    /// each is reported on its own request, in order, with batches of 4 made by the worker.
    @Test func aRunReportsEachVerdictOnItsOwnRequestInOrder() async throws {
        var files: [String: String] = [:]
        for number in 1...100 { files[Self.name(number)] = "i=\(number == 30 ? "x" : "\(number)")" }
        var limits = ContractCheckWorker.Limits()
        limits.batch = 4
        limits.bound = .seconds(3600)  // not a wait: a bound no request reaches, so only the batches decide
        let reports = Reports()
        let summary = try await Self.run(files, limits: limits, reports: reports) { request in
            request.url.query == "i=70" ? .json(#"{"id": "70"}"#) : .json(#"{"id": 1}"#)
        }
        #expect(reports.count == 100)
        #expect(summary.results.map(\.item.path) == (1...100).map(Self.name))
        #expect(summary.results.indices.filter { summary.results[$0].status != .passed } == [69])
        let failed = summary.results[69].checks.results.filter { !$0.passed }.map(\.assertion.text)
        #expect(failed == ["contract GET /items: body"], "\(failed)")
        #expect(summary.results.indices.filter { !summary.results[$0].contractWarnings.isEmpty } == [29])
        #expect(summary.results[29].contractWarnings.first?.contains("parameter i (query): expected integer") == true)
        #expect(summary.results.allSatisfy { $0.checks.results.contains { $0.assertion.text.hasPrefix("contract GET /items") } })
    }

    /// With no batch filled, a request's line goes out once its verdicts are overdue, while a slow
    /// answer after it is still awaited: the second request's answer waits for the first's line.
    @Test func aSlowAnswerDoesNotHoldTheLineBeforeIt() async throws {
        var limits = ContractCheckWorker.Limits()
        (limits.batch, limits.capacity, limits.bound) = (1000, 1000, .milliseconds(20))
        let reports = Reports()
        let heldBack = LockedFlag()
        let summary = try await Self.run(
            ["a.ferry.yaml": "i=1", "b.ferry.yaml": "i=x", "c.ferry.yaml": "i=3"], limits: limits, reports: reports
        ) {
            request in
            if request.url.query == "i=x" {
                do {
                    try await Deadline.within(10, "the first request's line") { await reports.wait(for: 1) }
                } catch {
                    heldBack.set()
                }
                return .json(#"{"id": "slow"}"#)
            }
            return .json(#"{"id": 1}"#)
        }
        #expect(!heldBack.isSet, "the first request's line waited for the second's answer")
        #expect(summary.results.map(\.item.path) == ["a.ferry.yaml", "b.ferry.yaml", "c.ferry.yaml"])
        #expect(summary.results.map(\.status) == [.passed, .failed, .passed])
        #expect(summary.results[1].contractWarnings.count == 1)
        #expect(summary.results[1].checks.results.filter { !$0.passed }.map(\.assertion.text) == ["contract GET /items: body"])
    }

    /// With the worker never woken (no batch fills, no bound passes), no more than `capacity`
    /// requests wait for their verdicts: the run's thread makes the oldest's itself.
    @Test func tooManyWaitingAreCheckedByTheRunsThread() async throws {
        var limits = ContractCheckWorker.Limits()
        (limits.batch, limits.capacity, limits.bound) = (1000, 4, .seconds(3600))  // not a wait: only the capacity decides
        var files: [String: String] = [:]
        for number in 1...20 { files[Self.name(number)] = "i=\(number)" }
        let reports = Reports()
        let reportedWhenAsked = LockedArray()
        let summary = try await Self.run(files, limits: limits, reports: reports) { request in
            reportedWhenAsked.append(reports.count)
            return .json(request.url.query == "i=12" ? #"{"id": null}"# : #"{"id": 12}"#)
        }
        #expect(summary.results.map(\.item.path) == (1...20).map(Self.name))
        #expect(summary.results.map(\.status) == (1...20).map { $0 == 12 ? .failed : .passed })
        // When request n (from 1) is sent, requests 1…n-1 are answered and at most `capacity` of them wait.
        let asked = reportedWhenAsked.values
        #expect(asked.count == 20)
        for (index, reported) in asked.enumerated() { #expect(reported >= index - limits.capacity, "request \(index + 1): \(asked)") }
    }

    /// Values appended from several tasks.
    final class LockedArray: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Int] = []
        func append(_ value: Int) { lock.withLock { stored.append(value) } }
        var values: [Int] { lock.withLock { stored } }
    }
}
