import FerryCore
import FerryServer
import FerryTestSupport
import Foundation
import Testing

@testable import FerryTransport

/// `LoadRunner` against servers on loopback: counts, stops, failures by cause, the open model's rate
/// and its latencies measured from when each request was due.
@Suite struct LoadRunnerTests {
    private func target(_ url: String, check: (@Sendable (Response) -> String?)? = nil) throws -> LoadTarget {
        LoadTarget(name: url, request: Request(method: .get, url: try Request.parseURL(url)), check: check)
    }

    private func run(_ plan: LoadPlan, seconds: Double = 30) async throws -> LoadReport {
        let runner = try LoadRunner(plan: plan)
        return try await Deadline.within(seconds, "the load") { await runner.run() }
    }

    @Test func sendsExactlyTheRequestsAskedFor() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let report = try await run(LoadPlan(targets: [try target(server.url + "/n")], connections: 8, threads: 2, requests: 501))
        #expect(server.total == 501)
        #expect(report.requests == 501 && report.responses == 501 && report.failures == 0)
        #expect(report.statuses == ["200": 501])
        #expect(report.latency.p50 > 0 && report.latency.p50 <= report.latency.p99 && report.latency.p99 <= report.latency.max)
        #expect(report.bytesReceived >= 501 * 11)
        #expect(report.unfinished == 0 && !report.interrupted)
    }

    @Test func aDurationStopsTheLoad() async throws {
        try await withDemoServer { demo in
            let report = try await run(LoadPlan(targets: [try target(demo.baseURL + "/get")], connections: 4, duration: 0.5))
            #expect(report.elapsed >= 0.5)
            #expect(report.responses > 0 && report.failures == 0)
        }
    }

    @Test func statusesAreCountedByCode() async throws {
        try await withDemoServer { demo in
            let report = try await run(LoadPlan(targets: [try target(demo.baseURL + "/status/503")], connections: 3, requests: 30))
            #expect(report.statuses == ["503": 30])
        }
    }

    @Test func aClosedPortIsCountedAsRefused() async throws {
        let report = try await run(LoadPlan(targets: [try target("http://127.0.0.1:\(try closedPort())/")], connections: 4, requests: 40))
        #expect(report.responses == 0 && report.failures == 40)
        #expect(report.errors.map(\.cause) == ["connectionRefused"])
        #expect(report.errors.first?.count == 40)
    }

    @Test func aResettingServerIsCountedByCause() async throws {
        let server = try HostileServer { connection in connection.readRequest() }
        defer { server.stop() }
        let report = try await run(LoadPlan(targets: [try target(server.url + "/")], connections: 2, requests: 20))
        #expect(report.failures == 20)
        #expect(report.errors.map(\.cause) == ["emptyReply"])
    }

    @Test func aNameThatDoesNotResolveStopsTheLoad() async throws {
        let report = try await run(
            LoadPlan(targets: [try target("http://ferry-load-test.invalid/")], connections: 4, threads: 2, duration: 30))
        #expect(report.responses == 0)
        #expect(report.abandoned != nil)
        #expect(report.errors.first?.cause == "hostNotFound")
    }

    @Test func theOpenModelKeepsItsRate() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let report = try await run(LoadPlan(targets: [try target(server.url + "/r")], connections: 4, threads: 2, requests: 40, rate: 50))
        #expect(server.total == 40)
        #expect(report.model == "open")
        // The 40th request is due 0.78 s after the first: the run cannot end sooner.
        #expect(report.elapsed >= 0.78)
    }

    /// The server holds every answer from 1 s to 2 s after its first request: latencies counted from
    /// when each request was due show the stall in p99, and in p90 too — the hundred requests due
    /// during the stall waited for it (a closed-model count would see only the 4 in flight, under 2 %).
    @Test func aStalledServerShowsInTheOpenModelsP99() async throws {
        let server = try CountingServer { since in since >= 1 && since < 2 ? 2 - since : 0 }
        defer { server.stop() }
        let report = try await run(
            LoadPlan(targets: [try target(server.url + "/stall")], connections: 4, threads: 2, requests: 300, rate: 100))
        #expect(report.responses == 300)
        #expect(report.latency.p99 >= 500)
        #expect(report.latency.p90 >= 300)
    }

    @Test func oneResponseInSampleEveryIsChecked() async throws {
        let checked = LockedCounter()
        let server = try CountingServer(status: 201)
        defer { server.stop() }
        let check: @Sendable (Response) -> String? = { response in
            checked.increment()
            return response.status == 200
                ? nil : "status \(response.status) (body \(String(decoding: (try? response.body.data()) ?? Data(), as: UTF8.self)))"
        }
        let report = try await run(
            LoadPlan(targets: [try target(server.url + "/s", check: check)], connections: 2, threads: 2, requests: 20, sampleEvery: 5))
        #expect(report.sampled == 4 && checked.value == 4)
        #expect(report.sampleFailures == [LoadReport.SampleFailure(message: #"status 201 (body {"ok":true})"#, count: 4)])
    }

    @Test func everyRequestSendsItsBody() async throws {
        try await withDemoServer { demo in
            let body = Data(#"{"name":"ferry","load":true}"#.utf8)
            let request = Request(
                method: .put, url: try Request.parseURL(demo.baseURL + "/anything"), headers: ["Content-Type": "application/json"],
                body: .bytes(body))
            let check: @Sendable (Response) -> String? = { response in
                let echoed = String(decoding: (try? response.body.data()) ?? Data(), as: UTF8.self)
                let sent =
                    echoed.contains(#""method" : "PUT""#) && echoed.contains(#""bodySize" : 28"#)
                    && echoed.contains(#""data" : "{\"name\":\"ferry\",\"load\":true}""#)
                return sent ? nil : echoed
            }
            let report = try await run(
                LoadPlan(
                    targets: [LoadTarget(name: "put", request: request, check: check)], connections: 3, threads: 2, requests: 12,
                    sampleEvery: 1))
            #expect(report.responses == 12 && report.sampled == 12)
            #expect(report.sampleFailures.isEmpty, "\(report.sampleFailures)")
            #expect(report.bytesSent >= 12 * Int64(body.count))
        }
    }

    @Test func weightsShareTheRequests() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        var heavy = try target(server.url + "/heavy")
        heavy.weight = 3
        let report = try await run(LoadPlan(targets: [heavy, try target(server.url + "/light")], connections: 4, threads: 2, requests: 40))
        #expect(report.responses == 40)
        #expect(server.count(of: "/heavy") == 30 && server.count(of: "/light") == 10)
    }

    @Test func stopEndsTheRunWithWhatWasMeasured() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let runner = try LoadRunner(plan: LoadPlan(targets: [try target(server.url + "/stop")], connections: 2, threads: 2, duration: 60))
        let running = Task { await runner.run() }
        try await Deadline.within(10, "some requests") {
            while server.total < 10 { try await Task.sleep(for: .milliseconds(10)) }
        }
        runner.stop()
        let report = try await Deadline.within(10, "the stopped load") { await running.value }
        #expect(report.interrupted && report.responses >= 9)
    }

    @Test func badPlansAreRefusedBeforeAnythingIsSent() throws {
        let get = try target("http://127.0.0.1:1/")
        #expect(throws: FerryError.self) { try LoadRunner(plan: LoadPlan(targets: [get], connections: 0, requests: 1)) }
        #expect(throws: FerryError.self) { try LoadRunner(plan: LoadPlan(targets: [get], connections: 1)) }
        #expect(throws: FerryError.self) { try LoadRunner(plan: LoadPlan(targets: [get], connections: 1, requests: 1, rate: 0)) }
        #expect(throws: FerryError.self) { try LoadRunner(plan: LoadPlan(targets: [], connections: 1, requests: 1)) }
    }

    @Test func theScheduleSpreadsWeightsAndDueTimes() {
        var schedule = LoadSchedule(weights: [3, 1], requests: 8, duration: nil, rate: nil)
        let picks = (0..<8).compactMap { _ in schedule.take(now: 0)?.target }
        #expect(picks == [0, 0, 1, 0, 0, 0, 1, 0])
        #expect(schedule.take(now: 0) == nil && schedule.isFinished(now: 0))
        var open = LoadSchedule(weights: [1], requests: nil, duration: 1, rate: 10)
        #expect(open.take(now: 0)?.due == 0)
        #expect(open.take(now: 50_000_000) == nil)
        #expect(open.take(now: 100_000_000)?.due == 100_000_000)
        #expect(open.overdue(now: 450_000_000) == 3)
        #expect(!open.isFinished(now: 0))
        // The second of two workers: every other request from the second, due at 100, 300, 500 ms…
        var second = LoadSchedule(weights: [1], requests: 5, duration: nil, rate: 10, worker: 1, of: 2)
        #expect(second.requests == 2)
        #expect(second.take(now: 50_000_000) == nil)
        #expect(second.take(now: 100_000_000)?.due == 100_000_000)
        #expect(second.nextDue(now: 0) == 300_000_000)
    }

    private func closedPort() throws -> Int {
        let server = try HostileServer { _ in }
        let port = server.port
        server.stop()
        return port
    }
}

/// A counter the checks of a load's thread increment.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
