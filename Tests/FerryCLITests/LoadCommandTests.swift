import FerryCore
import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry load` end to end: the real binary against servers on loopback, in a data folder of its own.
@Suite struct LoadCommandTests {
    private let home: TemporaryDirectory
    private var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 }
    }

    init() throws { home = try TemporaryDirectory() }

    private func ferry(_ arguments: [String]) async -> FerryBinary.Outcome {
        await FerryBinary.run(arguments, environment: environment)
    }

    @Test func jsonSummaryHasItsShapeAndTheHistoryARow() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let outcome = await ferry(["load", server.url + "/json", "-n", "60", "-c", "4", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(server.total == 60)
        let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
        let load = try #require(document["load"] as? [String: Any])
        #expect(load["requests"] as? Int == 60 && load["responses"] as? Int == 60 && load["failures"] as? Int == 0)
        #expect(load["model"] as? String == "closed" && load["connections"] as? Int == 4)
        #expect(load["engine"] as? String == "ferry" && load["engineReason"] as? String == "plain HTTP/1.1")
        #expect(load["statuses"] as? [String: Int] == ["200": 60])
        let latency = try #require(load["latency"] as? [String: Double])
        #expect(Set(latency.keys) == ["min", "mean", "p50", "p75", "p90", "p95", "p99", "p99.9", "max"])
        let histogram = try #require(load["histogram"] as? [[String: Any]])
        #expect(histogram.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 60 && histogram.allSatisfy { $0["upTo"] is Double })
        #expect(load["perSecond"] is [Int] && load["errors"] is [Any] && load["bytesReceived"] is Int)
        #expect(load["sampled"] as? Int == 1)
        let run = try #require(document["historyRun"] as? String)
        let listed = await ferry(["history", "search", "--json", "--run", run])
        let rows = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]], "\(listed.stderr)")
        #expect(rows.count == 1 && rows.first?["status"] as? Int == 200)
    }

    @Test func textSummaryNamesStatusesLatenciesAndFailures() async throws {
        try await withDemoServer { server in
            let outcome = await ferry(["load", server.baseURL + "/status/418", "-n", "20", "-c", "2", "--no-history"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.text.contains("Statuses     418 ×20"))
            #expect(outcome.text.contains("p99.9"))
            #expect(outcome.text.contains(" ms  [") && outcome.text.contains("] ■"), "the histogram: \(outcome.text)")
        }
        let refused = await ferry(["load", "http://127.0.0.1:1/", "-n", "5", "-c", "1", "--no-history"])
        #expect(refused.status == 2)
        #expect(refused.text.contains("the server refused the connection ×5"))
        #expect(refused.stderr.contains("nothing was answered"))
    }

    @Test func engineCurlForcesLibcurlAndTheSummarySaysSo() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let outcome = await ferry(["load", server.url + "/", "-n", "10", "-c", "2", "--engine", "curl", "--no-history"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.text.contains("Engine       libcurl (--engine curl)"))
        #expect(server.total == 10)
        let wrong = await ferry(["load", server.url + "/", "--engine", "nio"])
        #expect(wrong.status == 1)
    }

    @Test func aNameThatDoesNotResolveIsAClearError() async throws {
        let outcome = await ferry(["load", "http://ferry-load-test.invalid/", "-z", "30s", "--no-history"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("nothing was answered") && outcome.stderr.lowercased().contains("resolve"))
        #expect(outcome.text.contains("Requests     1 in"))
    }

    /// Issue 33: a gRPC URL is refused before anything is sent (ferry load speaks HTTP only).
    @Test func aGRPCCallIsRefusedUpFront() async throws {
        let outcome = await ferry(["load", "grpc://127.0.0.1:1/helloworld.Greeter/SayHello", "-n", "1", "--no-history"])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is a gRPC call: ferry load sends HTTP requests only"), "\(outcome.stderr)")
        #expect(!outcome.text.contains("Requests"))
        // A request file of kind grpc: to an http:// URL (gRPC-Web, or not), alone or in a collection: refused too, nothing sent.
        let server = try CountingServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("c"), withIntermediateDirectories: true)
        for (name, web) in [("web", "    web: binary\n"), ("plain", "")] {
            let file = try directory.write(
                "c/\(name).ferry.yaml", Data("url: \(server.url)/pkg.S/M\nbody:\n  grpc:\n\(web)    message: {name: x}\n".utf8))
            for target in [file, directory.file("c")] {
                let refused = await ferry(["load", target, "-n", "1", "--no-history"])
                #expect(refused.status == 1, "\(name): \(refused.stderr)")
                #expect(refused.stderr.contains("is a gRPC call: ferry load sends HTTP requests only"), "\(name): \(refused.stderr)")
            }
        }
        #expect(server.total == 0)
    }

    @Test func ctrlCPrintsTheSummarySoFar() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let process = FerryBinary.start(["load", server.url + "/", "-z", "60s", "-c", "2", "--no-history"], environment: environment)
        let output = PipeReader(process.standardOutput as! Pipe)
        try await Deadline.within(20, "the first requests") {
            while server.total < 20 { try await Task.sleep(for: .milliseconds(10)) }
        }
        kill(process.processIdentifier, SIGINT)
        try await Deadline.within(20, "ferry load after SIGINT") { await FerryBinary.waitForExit(process) }
        #expect(process.terminationStatus == 130)
        #expect(await output.waitForEnd())
        #expect(output.text.contains("Stopped by Ctrl-C"))
        #expect(output.text.contains("Statuses     200 ×"))
    }

    @Test func tenThousandConnectionsAreClampedToTheOpenFileLimit() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let command = "ulimit -n 256 && exec \"$0\" load \(server.url)/ -c 10000 -n 400 --no-history"
        let outcome = await ChildProcess.run("/bin/sh", ["-c", command, FerryBinary.path], environment: environment, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("-c 10000 is more than the open-file limit allows; using 192 connections"))
        #expect(server.total == 400)
    }

    @Test func aCollectionIsWeightedAndItsChecksSampled() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        try "url: \(server.url)/heavy\nexpect:\n  status: 200\n".write(
            toFile: folder.file("heavy.ferry.yaml"), atomically: true, encoding: .utf8)
        try "url: \(server.url)/light\nexpect:\n  status: 201\n".write(
            toFile: folder.file("light.ferry.yaml"), atomically: true, encoding: .utf8)
        let outcome = await ferry([
            "load", folder.path, "--weight", "heavy.ferry.yaml=3", "-n", "40", "-c", "4", "--sample", "1", "--no-history",
        ])
        #expect(server.count(of: "/heavy") == 30 && server.count(of: "/light") == 10)
        #expect(outcome.status == 3)
        #expect(outcome.text.contains("40 responses sampled, 10 failed"))
    }

    @Test func sendOnlyFlagsAreRefused() async throws {
        let outcome = await ferry(["load", "http://127.0.0.1:1/", "-o", "out.json"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("-o is for ferry send"))
    }
}
