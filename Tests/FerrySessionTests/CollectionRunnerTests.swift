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
        _ transport: MemoryTransport, _ directory: TemporaryDirectory, settings: RunSettings = RunSettings()
    ) -> CollectionRunner {
        let pipeline = ExchangePipelines(
            transport: transport, locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path)
        )
        .pipeline(collection: directory.path, environment: nil)
        return CollectionRunner(pipeline: pipeline, settings: settings)
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
