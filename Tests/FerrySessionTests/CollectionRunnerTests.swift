import FerryCore
import FerrySession
import FerryStore
import FerryTestSupport
import Foundation
import Synchronization
import Testing

/// The runner over a transport in memory: order, captures passed on, the look-ahead that resolves
/// the next request while one is on the wire, retries and `--jobs`, without a network.
@Suite struct CollectionRunnerTests {
    /// A collection of `files` (path → YAML) and the plan of all of it.
    private static func plan(_ files: [String: String]) throws -> (RunPlan, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data(text.utf8))
        }
        return (try RunPlan(paths: [], root: directory.path), directory)
    }

    private static func runner(
        _ transport: MemoryTransport, _ directory: TemporaryDirectory, settings: RunSettings = RunSettings(),
        history: HistoryWriter? = nil
    ) -> CollectionRunner {
        let pipeline = ExchangePipelines(
            transport: transport, locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path),
            history: history
        )
        .pipeline(collection: directory.path, environment: nil)
        return CollectionRunner(pipeline: pipeline, settings: settings)
    }

    /// The record stage: every exchange that went on the wire is a row of the run (a transport failure
    /// and each attempt of a retry too); a value captured as secret is redacted in its own row and in
    /// the rows of the requests that sent it.
    @Test func everyExchangeIsRecordedWithTheRunAndTheSecretsItCaptured() async throws {
        let (plan, directory) = try Self.plan([
            "a.ferry.yaml": "method: POST\nurl: http://api.test/login\ncapture:\n  token: { from: \"$.token\", secret: true }\n",
            "b.ferry.yaml": "url: http://api.test/me?t={{token}}\nexpect:\n  status: 200\nretry:\n  count: 1\n  interval: 1\n",
            "c.ferry.yaml": "url: http://api.test/down\n",
        ])
        let transport = MemoryTransport { request in
            switch request.url.path {
            case "/login": return .json(#"{"token": "tok-81f3"}"#)
            case "/down":
                throw FerryError.transportFailed(reason: .init(kind: .connectionRefused, code: 7, codeText: "", detail: "refused"))
            default: return .json(#"{"you": "tok-81f3"}"#, status: 503)
            }
        }
        let locations = StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        let history = HistoryWriter(locations: locations)
        var settings = RunSettings()
        settings.continueOnError = true
        let summary = await Self.runner(transport, directory, settings: settings, history: history)
            .run(plan, id: "run-7", variables: VariableResolver([]))
        #expect(summary.results.map(\.status) == [.passed, .failed, .error])
        #expect(history.finish(redaction: summary.redaction) == nil)
        var query = HistoryQuery(limit: 10)
        query.run = "run-7"
        let store = try HistoryStore(locations: locations)
        let rows = try store.search(query).reversed().map { try store.entry(id: $0.id) }
        #expect(rows.map(\.requestPath) == ["a.ferry.yaml", "b.ferry.yaml", "b.ferry.yaml", "c.ferry.yaml"])
        #expect(rows.map(\.status) == [200, 503, 503, nil])
        #expect(rows[0].responseBody == Data(#"{"token": "{{token}}"}"#.utf8))
        #expect(rows[1].url == "http://api.test/me?t={{token}}")
        #expect(rows[2].responseBody == Data(#"{"you": "{{token}}"}"#.utf8))
        #expect(rows[3].errorChain?.first?.message.isEmpty == false)
        #expect(try store.search(HistoryQuery(text: "81f3")).isEmpty)
    }

    @Test func requestsGoInOrderAndACaptureReachesTheRequestsAfterIt() async throws {
        let (plan, directory) = try Self.plan([
            "a.ferry.yaml": "method: POST\nurl: http://api.test/login\ncapture:\n  token: $.token\n",
            "b.ferry.yaml": "url: http://api.test/me?t={{token}}\nexpect:\n  status: 200\n",
            "c.ferry.yaml": "url: http://api.test/list\n",
            "d.ferry.yaml": "url: http://api.test/last?t={{token}}\n",
        ])
        let transport = MemoryTransport { request in
            request.url.path == "/login" ? .json(#"{"token": "abc"}"#) : .json("{}")
        }
        let summary = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([]))
        #expect(summary.results.map(\.status) == [.passed, .passed, .passed, .passed])
        #expect(
            transport.requests.map { $0.url.absoluteString } == [
                "http://api.test/login", "http://api.test/me?t=abc", "http://api.test/list", "http://api.test/last?t=abc",
            ])
    }

    /// Without the JSON report, a result keeps what the other reports read once it is reported (a
    /// long run's memory): the method, URL, status and time, not the bodies and headers; the body was
    /// still there for `onResult` (where `output:` writes it) and for the captures after it.
    @Test func resultsKeepOnlyWhatTheReportsReadWhenNoneReadsTheExchange() async throws {
        let (plan, directory) = try Self.plan([
            "a.ferry.yaml": "method: POST\nurl: http://api.test/login\ncapture:\n  token: $.token\n",
            "b.ferry.yaml": "url: http://api.test/me?t={{token}}\nexpect:\n  status: 200\n",
        ])
        let transport = MemoryTransport { request in
            request.url.path == "/login" ? .json(#"{"token": "abc"}"#) : .json(#"{"you": "abc"}"#)
        }
        var settings = RunSettings()
        settings.keepsExchanges = false
        let bodies = Mutex<[String]>([])
        let summary = await Self.runner(transport, directory, settings: settings).run(plan, id: "r", variables: VariableResolver([])) {
            result in
            let body = (try? result.response?.body.mappedData()).map { String(decoding: $0, as: UTF8.self) } ?? ""
            bodies.withLock { $0.append(body) }
        }
        #expect(bodies.withLock { $0 } == [#"{"token": "abc"}"#, #"{"you": "abc"}"#])
        #expect(summary.results.map(\.status) == [.passed, .passed])
        #expect(summary.results.map { $0.request?.method } == [.post, .get])
        #expect(summary.results.map { $0.request?.url.absoluteString } == ["http://api.test/login", "http://api.test/me?t=abc"])
        #expect(summary.results.map { $0.response?.status } == [200, 200])
        #expect(summary.results.allSatisfy { $0.response?.body.count == 0 && $0.response?.headers.fields.isEmpty == true })
        let kept = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([]))
        #expect(kept.results.map { $0.response?.body.count } == [16, 14])
    }

    /// The plan's files are read as the run goes: a file that cannot be read is reported when the run
    /// reaches it (after the results of the requests well before it, not all at the start), is not
    /// sent, and is counted; `entries(from:to:)` counts the requests that could be read.
    @Test func aFileThatCannotBeReadIsReportedWhenTheRunReachesIt() async throws {
        let (read, directory) = try Self.plan([
            "a.ferry.yaml": "url: http://api.test/a\n",
            "b.ferry.yaml": "url: http://api.test/b\n",
            "c.ferry.yaml": "url: http://api.test/c\n",
            "d.ferry.yaml": "url: http://api.test/d\nexpect:\n  status: [200,\n",
            "e.ferry.yaml": "url: http://api.test/e\n",
        ])
        var plan = read
        let events = Mutex<[String]>([])
        plan.onProblem = { problem in events.withLock { $0.append("problem " + (problem.file as NSString).lastPathComponent) } }
        let transport = MemoryTransport { _ in .json("{}") }
        _ = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([])) { result in
            events.withLock { $0.append(result.item.path) }
        }
        plan.reportProblems()
        let order = events.withLock { $0 }
        #expect(order.count == 5 && order.first == "a.ferry.yaml" && order.last == "e.ferry.yaml", "\(order)")
        #expect(order.filter { $0.hasPrefix("problem") } == ["problem d.ferry.yaml"], "\(order)")
        #expect(transport.requests.map(\.url.path) == ["/a", "/b", "/c", "/e"])
        #expect(plan.problems.map { ($0.file as NSString).lastPathComponent } == ["d.ferry.yaml"])
        #expect(plan.fileCount == 5 && plan.items.count == 4)
        let window = plan.entries(from: 3, to: 4)
        #expect(window.items.map(\.path) == ["c.ferry.yaml", "e.ferry.yaml"])
        #expect(window.item(at: 1)?.path == "e.ferry.yaml" && window.item(at: 2) == nil)
        // A run that ends before a broken file: asking for the problems reports none, reporting them does, once.
        var early = try RunPlan(paths: [], root: directory.path).entries(from: 1, to: 1)
        let reported = Mutex<[String]>([])
        early.onProblem = { problem in reported.withLock { $0.append(problem.file) } }
        _ = await Self.runner(transport, directory).run(early, id: "r", variables: VariableResolver([]))
        #expect(early.problems.count == 1 && reported.withLock { $0 }.isEmpty)
        early.reportProblems()
        early.reportProblems()
        #expect(reported.withLock { $0 }.count == 1)
    }

    /// The run's order is a folder at a time: a folder's files and subfolders by name (`a/…` before
    /// `a-b/…`, though `-` sorts before `/`), a folder's `order:` first when it has one.
    @Test(arguments: [false, true])
    func filesRunAFolderAtATime(ordered: Bool) throws {
        let request = "url: http://api.test/x\n"
        var files = [
            "b.ferry.yaml": request, "a/z.ferry.yaml": request, "a-b/y.ferry.yaml": request, "a/b/c.ferry.yaml": request,
            "ab.ferry.yaml": request,
        ]
        if ordered { files["_folder.ferry.yaml"] = "order: [b]\n" }
        let (plan, directory) = try Self.plan(files)
        let sorted = ["a/b/c.ferry.yaml", "a/z.ferry.yaml", "a-b/y.ferry.yaml", "ab.ferry.yaml"]
        withExtendedLifetime(directory) {  // the files are read as the plan's items are asked for
            #expect(plan.items.map(\.path) == (ordered ? ["b.ferry.yaml"] + sorted : sorted + ["b.ferry.yaml"]))
        }
    }

    @Test func aRequestThatNeedsAMissingCaptureIsSkippedAndTheRestGoOn() async throws {
        let (plan, directory) = try Self.plan([
            "a.ferry.yaml": "url: http://api.test/login\ncapture:\n  token: $.token\n",
            "b.ferry.yaml": "url: http://api.test/me?t={{token}}\n",
            "c.ferry.yaml": "url: http://api.test/list\n",
        ])
        let transport = MemoryTransport { _ in .json("{}") }
        let summary = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([]))
        #expect(summary.results.map(\.status) == [.failed, .skipped, .passed])
        #expect(summary.results[1].skipReason == "needs {{token}}, which a.ferry.yaml did not capture")
        #expect(transport.requests.map(\.url.path) == ["/login", "/list"])
    }

    @Test func retryResendsUntilTheChecksHold() async throws {
        let (plan, directory) = try Self.plan([
            "poll.ferry.yaml": "url: http://api.test/ready\nexpect:\n  status: 200\nretry: { count: 3, interval: 0 }\n"
        ])
        let calls = Mutex(0)
        let transport = MemoryTransport { _ in
            calls.withLock {
                $0 += 1; return $0
            } < 3 ? .json("{}", status: 503) : .json("{}")
        }
        let summary = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([]))
        #expect(summary.results.map(\.status) == [.passed])
        #expect(summary.results[0].attempts == 3)
    }

    @Test func jobsSendRequestsAtOnceAndReportInOrder() async throws {
        let (plan, directory) = try Self.plan(
            Dictionary(uniqueKeysWithValues: (1...3).map { ("r\($0).ferry.yaml", "url: http://api.test/\($0)\n") }))
        // Each answer waits until all three requests have arrived: they can only pass if sent at once.
        let arrived = Mutex(0)
        let transport = MemoryTransport { _ in
            arrived.withLock { $0 += 1 }
            let deadline = ContinuousClock.now + .seconds(10)
            while arrived.withLock({ $0 }) < 3, ContinuousClock.now < deadline { await Task.yield() }
            return arrived.withLock { $0 } >= 3 ? .json("{}") : .json("{}", status: 504)
        }
        var settings = RunSettings()
        settings.jobs = 3
        let summary = await Self.runner(transport, directory, settings: settings).run(plan, id: "r", variables: VariableResolver([]))
        #expect(summary.results.map(\.status) == [.passed, .passed, .passed])
        #expect(summary.results.map(\.item.path) == ["r1.ferry.yaml", "r2.ferry.yaml", "r3.ferry.yaml"])
    }

    @Test func aTransportFailureStopsTheRunUnlessToldToGoOn() async throws {
        let (plan, directory) = try Self.plan([
            "a.ferry.yaml": "url: http://api.test/down\n",
            "b.ferry.yaml": "url: http://api.test/up\n",
        ])
        let transport = MemoryTransport { request in
            if request.url.path == "/down" { throw FerryError.explicitlyCancelled }
            return .json("{}")
        }
        let stopped = await Self.runner(transport, directory).run(plan, id: "r", variables: VariableResolver([]))
        #expect(stopped.results.map(\.status) == [.error, .skipped])
        var settings = RunSettings()
        settings.continueOnError = true
        let goesOn = await Self.runner(transport, directory, settings: settings).run(plan, id: "r", variables: VariableResolver([]))
        #expect(goesOn.results.map(\.status) == [.error, .passed])
    }
}
