import FerryCore
import FerryServer
import FerryTestSupport
import Foundation
import Testing

@testable import FerryTransport

/// `LoadRunner` against servers on loopback: counts, stops, failures by cause, the open model's rate
/// and its latencies measured from when each request was due — on both engines where they share
/// the behaviour; the own client's framing, closes and resets after.
@Suite struct LoadRunnerTests {
    private func target(_ url: String, check: (@Sendable (Response) -> String?)? = nil) throws -> LoadTarget {
        LoadTarget(name: url, request: Request(method: .get, url: try Request.parseURL(url)), check: check)
    }

    private func run(_ plan: LoadPlan, seconds: Double = 30) async throws -> LoadReport {
        let runner = try LoadRunner(plan: plan)
        return try await Deadline.within(seconds, "the load") { await runner.run() }
    }

    @Test(arguments: LoadEngine.allCases)
    func sendsExactlyTheRequestsAskedFor(engine: LoadEngine) async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let report = try await run(
            LoadPlan(targets: [try target(server.url + "/n")], connections: 8, threads: 2, requests: 501, engine: engine))
        #expect(report.engine == engine.rawValue)
        #expect(
            server.total == 501,
            "requests \(report.requests) responses \(report.responses) failures \(report.failures) errors \(report.errors) unfinished \(report.unfinished)"
        )
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

    @Test(arguments: LoadEngine.allCases)
    func aClosedPortIsCountedAsRefused(engine: LoadEngine) async throws {
        let report = try await run(
            LoadPlan(targets: [try target("http://127.0.0.1:\(try closedPort())/")], connections: 4, requests: 40, engine: engine))
        #expect(report.responses == 0 && report.failures == 40)
        #expect(report.errors.map(\.cause) == ["connectionRefused"])
        #expect(report.errors.first?.count == 40)
    }

    @Test(arguments: LoadEngine.allCases)
    func aResettingServerIsCountedByCause(engine: LoadEngine) async throws {
        let server = try HostileServer { connection in connection.readRequest() }
        defer { server.stop() }
        let report = try await run(LoadPlan(targets: [try target(server.url + "/")], connections: 2, requests: 20, engine: engine))
        #expect(report.failures == 20)
        #expect(report.errors.map(\.cause) == ["emptyReply"])
    }

    @Test(arguments: LoadEngine.allCases)
    func aNameThatDoesNotResolveStopsTheLoad(engine: LoadEngine) async throws {
        let report = try await run(
            LoadPlan(targets: [try target("http://ferry-load-test.invalid/")], connections: 4, threads: 2, duration: 30, engine: engine))
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
    @Test(arguments: LoadEngine.allCases)
    func aStalledServerShowsInTheOpenModelsP99(engine: LoadEngine) async throws {
        let server = try CountingServer { since in since >= 1 && since < 2 ? 2 - since : 0 }
        defer { server.stop() }
        let report = try await run(
            LoadPlan(targets: [try target(server.url + "/stall")], connections: 4, threads: 2, requests: 300, rate: 100, engine: engine))
        #expect(report.responses == 300)
        #expect(report.latency.p99 >= 500)
        #expect(report.latency.p90 >= 300)
        // The histogram holds every answer, from the fastest range to the one that ends at the slowest.
        #expect(report.histogram.count == 10 && report.histogram.reduce(0) { $0 + $1.count } == 300)
        #expect(report.histogram.map(\.upTo) == report.histogram.map(\.upTo).sorted())
        #expect(abs((report.histogram.last?.upTo ?? 0) - report.latency.max) < 0.01)
        #expect(report.histogram.dropFirst(5).contains { $0.count > 0 }, "the stalled answers in the slow half: \(report.histogram)")
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

    @Test(arguments: LoadEngine.allCases)
    func everyRequestSendsItsBody(engine: LoadEngine) async throws {
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
                    sampleEvery: 1, engine: engine))
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

    @Test(arguments: LoadEngine.allCases)
    func progressCarriesPercentilesStatusesAndErrorsWhileTheLoadRuns(engine: LoadEngine) async throws {
        let server = try CountingServer(status: 201)
        defer { server.stop() }
        let refused = try target("http://127.0.0.1:\(try closedPort())/")
        let runner = try LoadRunner(
            plan: LoadPlan(targets: [try target(server.url + "/live"), refused], connections: 4, threads: 2, duration: 60, engine: engine))
        let running = Task { await runner.run() }
        defer { runner.stop() }
        let progress = try await Deadline.within(20, "live percentiles, statuses and errors") {
            while true {
                let progress = runner.progress
                if progress.responses >= 20, progress.latency.p50 > 0, !progress.errors.isEmpty { return progress }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(progress.latency.p50 <= progress.latency.p90 && progress.latency.p90 <= progress.latency.p99)
        #expect(progress.latency.p99 <= progress.latency.max)
        #expect(progress.statuses.keys.sorted() == [201] && progress.statuses[201]! >= 20)
        #expect(progress.errors.map(\.cause) == ["connectionRefused"])
        runner.stop()
        let report = try await Deadline.within(10, "the stopped load") { await running.value }
        #expect(report.responses >= progress.responses && report.interrupted)
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

    // MARK: - The own client

    @Test func plainHTTPGoesToTheOwnClientAndTheRestToLibcurl() throws {
        let plain = Request(url: try Request.parseURL("http://127.0.0.1:8080/"))
        #expect(LoadEngine.choose(for: [plain], forced: nil, environment: [:]).engine == .ferry)
        #expect(LoadEngine.choose(for: [plain], forced: .curl, environment: [:]).engine == .curl)
        #expect(LoadEngine.choose(for: [plain], forced: nil, environment: ["http_proxy": "http://proxy:3128"]).engine == .curl)
        var tls = plain
        tls.url = try Request.parseURL("https://127.0.0.1/")
        var http2 = plain
        http2.options.httpVersion = .http2PriorKnowledge
        var socket = plain
        socket.options.unixSocket = "/tmp/s"
        var digest = plain
        digest.authentication = .digest(username: "a", password: "b")
        for request in [tls, http2, socket, digest] {
            #expect(LoadEngine.choose(for: [plain, request], forced: nil, environment: [:]).engine == .curl)
        }
    }

    @Test func theOwnClientWritesTheHeadLibcurlWould() throws {
        var request = Request(
            method: .post, url: try Request.parseURL("http://example.com:8080/a%20b?q=1"),
            headers: ["X-One": "1", "User-Agent": "", "X-Empty": "", "Content-Type": "text/plain"])
        request.cookies = RequestCookies(jar: nil, header: "a=1")
        request.options.defaultHeaders = false
        let bytes = LoadRequestBytes(request: request, body: Data("hi".utf8))
        #expect(
            String(decoding: bytes.bytes, as: UTF8.self)
                == "POST /a%20b?q=1 HTTP/1.1\r\nHost: example.com:8080\r\nAccept: */*\r\nX-One: 1\r\nX-Empty:\r\n"
                + "Content-Type: text/plain\r\nCookie: a=1\r\nContent-Length: 2\r\n\r\nhi")
        #expect(!bytes.isHead)
    }

    /// Chunked and close-delimited bodies, and a server that closes after every response: all
    /// answered, the sampled bodies whole.
    @Test(arguments: ["chunked", "close", "connection: close"])
    func everyFramingIsReadToItsEnd(framing: String) async throws {
        let server = try HostileServer { connection in
            while connection.readRequest() != nil {
                switch framing {
                case "chunked":
                    guard connection.send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n") else {
                        return
                    }
                case "close":
                    connection.send("HTTP/1.1 200 OK\r\n\r\nabcdefg")
                    return
                default:
                    connection.send("HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: close\r\n\r\nabcdefg")
                    return
                }
            }
        }
        defer { server.stop() }
        let check: @Sendable (Response) -> String? = { response in
            let body = String(decoding: (try? response.body.data()) ?? Data(), as: UTF8.self)
            return body == "abcdefg" ? nil : "body \(body)"
        }
        let report = try await run(
            LoadPlan(targets: [try target(server.url + "/", check: check)], connections: 3, threads: 2, requests: 30, sampleEvery: 1))
        #expect(report.engine == "ferry")
        #expect(report.responses == 30 && report.failures == 0, "\(report.errors)")
        #expect(report.sampled == 30 && report.sampleFailures.isEmpty, "\(report.sampleFailures)")
        #expect(server.connections == (framing == "chunked" ? 3 : 30))
    }

    @Test func aResetMidBodyAndAHugeHeadAreCountedByCause() async throws {
        let resetting = try HostileServer { connection in
            guard connection.readRequest() != nil else { return }
            connection.send("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly part")
            connection.reset()
        }
        defer { resetting.stop() }
        let reset = try await run(LoadPlan(targets: [try target(resetting.url + "/")], connections: 2, requests: 10))
        #expect(reset.failures == 10 && reset.responses == 0)
        #expect(Set(reset.errors.map(\.cause)).isSubset(of: ["receiveFailed", "connectionClosedMidBody"]), "\(reset.errors)")
        let huge = try HostileServer { connection in
            guard connection.readRequest() != nil else { return }
            connection.send("HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "b", count: 100 * 1024) + "\r\n\r\n")
            connection.waitForClose(timeout: 10)
        }
        defer { huge.stop() }
        let refused = try await run(LoadPlan(targets: [try target(huge.url + "/")], connections: 2, requests: 6))
        #expect(refused.failures == 6 && refused.errors.map(\.cause) == ["receiveFailed"])
        #expect(refused.errors.first?.example.contains("larger than 100 KiB") == true)
    }

    /// One request at a time on a connection: the server holds each answer back a moment and checks
    /// that nothing more arrived meanwhile (a pipelining client would have sent its next request).
    @Test func aConnectionCarriesOneRequestAtATime() async throws {
        let early = LockedCounter()
        let server = try HostileServer { connection in
            while connection.readRequest() != nil {
                // The wait is the behaviour under test: time for a pipelined request to arrive.
                if connection.unreadBytes(waiting: 0.02) > 0 { early.increment() }
                guard connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") else { return }
            }
        }
        defer { server.stop() }
        let report = try await run(LoadPlan(targets: [try target(server.url + "/")], connections: 2, requests: 20))
        #expect(report.responses == 20 && early.value == 0)
        #expect(server.connections == 2)
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
