import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send` on streams: events on stdout as they arrive, JSON Lines, Ctrl-C keeping what arrived,
/// and flat memory on a long stream — the real binary against the demo server's `/sse` and `/ndjson`.
@Suite struct StreamSendTests {
    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func theFirstEventIsOnStdoutBeforeTheStreamEnds() async throws {
        try await withDemoServer { server throws in
            // An endless stream, an event every ten seconds: whatever is on stdout came before its end.
            let process = FerryBinary.start(["send", "\(server.baseURL)/sse?count=0&interval=10", "--no-history"])
            let output = PipeReader(process.standardOutput as! Pipe)
            let sawFirst = await output.wait { $0.contains("{\"n\":1,\"text\":\"tick 1\"}") }
            #expect(sawFirst, "stdout so far: \(output.text)")
            #expect(process.isRunning, "the stream had already ended: \(output.text)")
            kill(process.processIdentifier, SIGINT)
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 130)
            #expect(output.text.hasPrefix("[+"))
            #expect(output.text.contains("] tick id=1\n{\"n\":1,\"text\":\"tick 1\"}\n\n"))
        }
    }

    @Test func eachServerSentEventPrintsItsTimeTypeIDAndData() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/sse?count=3&interval=0", "--no-history"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let text = outcome.text
            #expect(text.hasPrefix("[+"))
            #expect(text.contains("] tick id=1\n{\"n\":1,\"text\":\"tick 1\"}\n\n"))
            #expect(text.contains("] message id=2\nmessage 2, first line\nsecond line\n\n"))
            #expect(text.contains("] token id=3\n{\"n\":3,\"token\":\"word3\"}\n\n"))
        }
    }

    @Test func jsonWritesOneObjectPerEventThenTheExchange() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/sse?count=4&interval=0", "--json", "--no-history"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let objects = lines(outcome.text)
            #expect(objects.count == 5, "\(outcome.text)")
            #expect(outcome.text.split(separator: "\n").count == 5)
            #expect(objects.prefix(4).map { $0["event"] as? Int } == [1, 2, 3, 4])
            #expect(objects.prefix(4).map { $0["type"] as? String } == ["tick", "message", "token", "tick"])
            #expect(objects.prefix(4).map { $0["id"] as? String } == ["1", "2", "3", "4"])
            #expect(objects[0]["retry"] as? Int == 3000)
            #expect(objects[1]["data"] as? String == "message 2, first line\nsecond line")
            let exchange = objects[4]
            #expect((exchange["response"] as? [String: Any])?["status"] as? Int == 200)
            let stream = try #require(exchange["stream"] as? [String: Any])
            #expect(stream["framing"] as? String == "sse")
            #expect(stream["events"] as? Int == 4)
            #expect(stream["stoppedByUser"] as? Bool == false)
            #expect(exchange["exitCode"] as? Int == 0)
        }
    }

    @Test func ndjsonAndForcedStreamsPrintOneLinePerEvent() async throws {
        try await withDemoServer { server throws in
            let ndjson = await FerryBinary.run(["send", "\(server.baseURL)/ndjson?count=3&interval=0", "--json", "--no-history"])
            let objects = lines(ndjson.text)
            #expect(
                objects.prefix(3).map { $0["data"] as? String } == [
                    #"{"n":1,"level":"info","message":"record 1"}"#, #"{"n":2,"level":"info","message":"record 2"}"#,
                    #"{"n":3,"level":"info","message":"record 3"}"#,
                ])
            #expect((objects.last?["stream"] as? [String: Any])?["framing"] as? String == "ndjson")

            let log = await FerryBinary.run(["send", "\(server.baseURL)/log?count=2&interval=0", "--stream", "--json", "--no-history"])
            #expect(lines(log.text).prefix(2).map { $0["data"] as? String } == ["[0001] step 1: done", "[0002] step 2: done"])
            #expect((lines(log.text).last?["stream"] as? [String: Any])?["framing"] as? String == "lines")

            let headed = await FerryBinary.run(["send", "\(server.baseURL)/ndjson?count=1&interval=0", "-i", "--no-history"])
            #expect(headed.text.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(headed.text.contains("Content-Type: application/x-ndjson\n"))
            #expect(headed.text.hasSuffix("\n\n{\"n\":1,\"level\":\"info\",\"message\":\"record 1\"}\n"), "\(headed.text)")

            let plain = await FerryBinary.run(["send", "\(server.baseURL)/log?count=2&interval=0", "--json", "--no-history"])
            let document = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any], "\(plain.text)")
            #expect(document["stream"] == nil, "a text body is not a stream unless asked")
        }
    }

    @Test func ctrlCKeepsWhatArrivedAndExits130() async throws {
        let data = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
            let process = FerryBinary.start(["send", "\(server.baseURL)/sse?count=0&interval=0.2", "--json"], environment: environment)
            let output = PipeReader(process.standardOutput as! Pipe)
            let sawTwo = await output.wait { $0.contains(#""event":2"#) }
            #expect(sawTwo, "stdout so far: \(output.text)")
            kill(process.processIdentifier, SIGINT)
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 130)
            #expect(await output.waitForEnd())
            let objects = lines(output.text)
            let exchange = try #require(objects.last)
            let stream = try #require(exchange["stream"] as? [String: Any], "\(output.text)")
            #expect(stream["stoppedByUser"] as? Bool == true)
            #expect((stream["events"] as? Int ?? 0) >= 2)
            #expect(stream["events"] as? Int == objects.count - 1)
            #expect(exchange["exitCode"] as? Int == 130)
            let response = try #require(exchange["response"] as? [String: Any])
            #expect(response["status"] as? Int == 200)
            let body = try #require(response["body"] as? [String: Any])
            #expect((body["text"] as? String)?.contains("tick 1") == true)

            let history = await FerryBinary.run(["history", "list", "--json"], environment: environment)
            #expect(history.text.contains("/sse?count=0"), "\(history.text) \(history.stderr)")
        }
    }

    /// The resident memory of a process, from /proc, in KiB.
    private func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test func aMillionEventsKeepMemoryFlat() async throws {
        try await withDemoServer { server throws in
            let started = Date()
            let process = FerryBinary.start(["send", "\(server.baseURL)/sse?count=1000000&interval=0", "--no-history"])
            let output = PipeReader(process.standardOutput as! Pipe, keptBytes: 4096)
            // Past the transport's 8 MiB in-memory threshold (the body is spooled to disk after it).
            let warmedUp = await output.wait(seconds: 120) { _ in output.byteCount > 16 << 20 }
            #expect(warmedUp, "only \(output.byteCount) bytes came")
            let early = residentKiB(process.processIdentifier) ?? 0
            var peak = early
            let deadline = Date().addingTimeInterval(300)
            while !output.isAtEnd, Date() < deadline {
                peak = max(peak, residentKiB(process.processIdentifier) ?? 0)
                try await Task.sleep(for: .milliseconds(20))
            }
            if !output.isAtEnd { kill(process.processIdentifier, SIGKILL) }
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 0)
            #expect(
                output.text.hasSuffix("] tick id=1000000\n{\"n\":1000000,\"text\":\"tick 1000000\"}\n\n"),
                "the stream's end: \(output.text)")
            #expect(peak - early < 16 << 10, "resident memory grew from \(early) KiB to \(peak) KiB")
            print(
                "1M SSE events: \(output.byteCount) bytes printed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; RSS \(early) KiB after 16 MiB, peak \(peak) KiB"
            )
        }
    }
}
