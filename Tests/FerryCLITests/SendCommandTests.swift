import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send` end to end: the real binary against the local server.
@Suite struct SendCommandTests {
    private func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    }

    @Test func jsonDescribesTheWholeExchange() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/redirect/2", "--json", "-H", "X-Trace: 7"])
            #expect(outcome.status == 0)
            let document = try json(outcome)
            let response = try #require(document["response"] as? [String: Any])
            #expect(response["status"] as? Int == 200)
            #expect(response["httpVersion"] as? String == "HTTP/1.1")
            let body = try #require(response["body"] as? [String: Any])
            #expect(body["encoding"] as? String == "utf8")
            #expect((body["text"] as? String)?.contains("\"X-Trace\" : \"7\"") == true)
            #expect((document["redirects"] as? [[String: Any]])?.count == 2)
            let request = try #require(document["request"] as? [String: Any])
            #expect(request["requestLine"] as? String == "GET /get HTTP/1.1")
            let timeline = try #require(document["timeline"] as? [String: Any])
            let phases = try #require(timeline["phases"] as? [[String: Any]])
            #expect(phases.map { $0["name"] as? String } == ["queue", "dns", "connect", "tls", "send", "wait", "receive", "serialize"])
            let sum = phases.compactMap { $0["ms"] as? Double }.reduce(0, +)
            #expect(abs(sum - (timeline["totalMs"] as? Double ?? -1)) < 0.01)
            #expect(document["exitCode"] as? Int == 0)
            #expect(document["error"] == nil)
        }
    }

    @Test func binaryBodiesAreBase64InJSONAndTruncatedAtTheLimit() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/bytes/5000?seed=2", "--json", "--json-body-limit", "100"])
            let body = try #require((try json(outcome)["response"] as? [String: Any])?["body"] as? [String: Any])
            #expect(body["encoding"] as? String == "base64")
            #expect(body["size"] as? Int == 5000)
            #expect(body["truncated"] as? Bool == true)
            #expect(Data(base64Encoded: body["base64"] as? String ?? "") == Data(SeededBytes(seed: 2).bytes(from: 0, count: 100)))
        }
    }

    @Test func pipedBodiesAreExactBytesEvenWithEscapes() async throws {
        try await withDemoServer { server throws in
            let binary = await FerryBinary.run(["send", "\(server.baseURL)/bytes/100000?seed=5"])
            #expect(binary.status == 0)
            #expect(binary.stdout == Data(SeededBytes(seed: 5).bytes(from: 0, count: 100_000)))
            let escapes = await FerryBinary.run(["send", "\(server.baseURL)/misbehave/escapes"])
            #expect(escapes.text.contains("\u{1B}[31mred"))
        }
    }

    @Test func includeAndTimelineAddTheHeadAndAWaterfall() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "-i", "--timeline", "\(server.baseURL)/json"])
            #expect(outcome.text.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(outcome.text.contains("\nContent-Type: application/json\n"))
            #expect(outcome.text.contains("\nContent-Length: 476\n\n{\n  \"slideshow\""))
            #expect(outcome.stderr.contains("  wait "))
            #expect(outcome.stderr.contains("  total "))
        }
    }

    @Test func dataIsPostedAsAForm() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/anything", "-d", "a=1", "-d", "b=two words", "--json"])
            let text = try #require((try json(outcome)["response"] as? [String: Any])?["body"] as? [String: Any])["text"] as? String
            let echo = try #require(try JSONSerialization.jsonObject(with: Data((text ?? "").utf8)) as? [String: Any])
            #expect(echo["method"] as? String == "POST")
            #expect(echo["form"] as? [String: String] == ["a": "1", "b": "two words"])
        }
    }

    @Test func outputFilesAreWrittenWholeOrNotAtAll() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let good = directory.file("good.bin")
            #expect(await FerryBinary.run(["send", "\(server.baseURL)/bytes/20000?seed=4", "-o", good]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: good)).count == 20000)
            let bad = directory.file("bad.bin")
            let failed = await FerryBinary.run(["send", "\(server.baseURL)/misbehave/wrong-length", "-o", bad])
            #expect(failed.status == 2)
            #expect(failed.stderr.contains("shorter than its Content-Length"))
            // The bytes that came are kept beside the target, to be continued with -C -; bad.bin never appears.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                    == ["bad.bin.ferry-partial", "bad.bin.ferry-resume", "good.bin"])
        }
    }

    @Test func interruptingADownloadLeavesOnlyThePartialFile() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let target = directory.file("stalled.bin")
            let process = FerryBinary.start(["send", "\(server.baseURL)/misbehave/stall-body", "-o", target])
            // Wait until the partial file holds the bytes sent before the stall, then interrupt.
            let deadline = Date().addingTimeInterval(10)
            func partialBytes() -> Int {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                return names.compactMap { try? FileManager.default.attributesOfItem(atPath: directory.file($0))[.size] as? Int }.reduce(
                    0, +)
            }
            while Date() < deadline, partialBytes() < 1024 {
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(process.processIdentifier, SIGINT)
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 130)
            #expect(!FileManager.default.fileExists(atPath: target))
            #expect(try Data(contentsOf: URL(fileURLWithPath: target + ".ferry-partial")).count == 1024)
        }
    }

    @Test func exitCodesTellWhatWentWrong() async throws {
        let port = try closedLocalPort()
        let malformed = await FerryBinary.run(["send", "http://exa mple.com/"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("malformed URL"))

        let refused = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refused"))

        let missingFile = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/", "--data-binary", "@/nonexistent/body.bin"])
        #expect(missingFile.status == 4)
        #expect(missingFile.stderr.contains("/nonexistent/body.bin"))

        let badFlag = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/", "--max-time", "-1"])
        #expect(badFlag.status == 1)

        let refusedJSON = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/", "--json"])
        #expect(refusedJSON.status == 2)
        let document = try json(refusedJSON)
        let error = try #require(document["error"] as? [String: Any])
        let chain = try #require(error["chain"] as? [[String: Any]])
        #expect(chain.first?["reason"] as? String == "connectionRefused")
        #expect(document["exitCode"] as? Int == 2)
    }
}
