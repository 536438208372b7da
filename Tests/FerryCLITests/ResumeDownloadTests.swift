import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send -o FILE -C -`: a download that broke off (the server dropped it, or Ctrl-C) keeps
/// `FILE.ferry-partial` and its record, and continues from there with `Range` and `If-Range`
/// against the demo server's `/download/N`; each result is checked by SHA-256 against the whole
/// file as the real curl downloads it, and against what `curl -C -` does with the same server.
@Suite struct ResumeDownloadTests {
    private static let curl = "/usr/bin/curl"

    /// The whole body of `url`, as curl saves it, by SHA-256.
    private func wholeHash(of url: String, in directory: TemporaryDirectory) async throws -> String {
        let path = directory.file("whole-\(UUID().uuidString)")
        let outcome = await ChildProcess.run(Self.curl, ["-sS", "--fail", "-o", path, url])
        try #require(outcome.status == 0, "curl: \(outcome.stderr)")
        defer { unlink(path) }
        return try sha256Hex(ofFile: path)
    }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    @Test func aDroppedHundredMegabyteDownloadContinuesWithDashCToTheWholeFile() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let length = 100_000_000
            let url = "\(server.baseURL)/download/\(length)?seed=11"
            let target = directory.file("big.bin")
            let dropped = await FerryBinary.run(["send", url + "&drop_at=37000000", "-o", target])
            #expect(dropped.status == 2)
            #expect(dropped.stderr.contains("partial download is kept in \(target).ferry-partial (37000000 bytes)"))
            #expect(!FileManager.default.fileExists(atPath: target))
            #expect(size(target + ".ferry-partial") == 37_000_000)
            let record = try String(contentsOfFile: target + ".ferry-resume", encoding: .utf8)
            #expect(record.contains(#"download-100000000-11"#))

            let resumed = await FerryBinary.run(["send", url, "-o", target, "-C", "-", "--json"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stderr.contains("continued \(target) from byte 37000000 (63000000 more bytes)"))
            let report = try #require(try JSONSerialization.jsonObject(with: resumed.stdout) as? [String: Any])
            let sent = try #require((report["request"] as? [String: Any])?["headers"] as? [[String: Any]])
            #expect(sent.contains { $0["name"] as? String == "Range" && $0["value"] as? String == "bytes=37000000-" })
            #expect(sent.contains { $0["name"] as? String == "If-Range" && $0["value"] as? String == #""download-100000000-11""# })
            #expect((report["response"] as? [String: Any])?["status"] as? Int == 206)
            #expect(try sha256Hex(ofFile: target) == (try await wholeHash(of: url, in: directory)))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.bin"])
        }
    }

    @Test func ctrlCKeepsThePartialFileAndDashCFinishesIt() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let url = "\(server.baseURL)/download/3000000?seed=5"
            let target = directory.file("stalled.bin")
            let process = FerryBinary.start(["send", url + "&stall_at=1200000", "-o", target])
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, (size(target + ".ferry-partial") ?? 0) < 1_200_000 {
                try await Task.sleep(for: .milliseconds(20))
            }
            try #require(size(target + ".ferry-partial") == 1_200_000, "the first 1,200,000 bytes never arrived")
            kill(process.processIdentifier, SIGINT)
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 130)
            let stderr = String(
                decoding: (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            #expect(stderr.contains("run the same command with -C - to continue it"))
            #expect(!FileManager.default.fileExists(atPath: target))

            let resumed = await FerryBinary.run(["send", url, "-o", target, "-C", "-"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stderr.contains("from byte 1200000"))
            #expect(try sha256Hex(ofFile: target) == (try await wholeHash(of: url, in: directory)))
        }
    }

    @Test func aFileThatChangedIsDownloadedAgainWholeWhereCurlSplicesIt() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let old = "\(server.baseURL)/download/2000000?seed=1"
            let new = "\(server.baseURL)/download/2000000?seed=2"  // another version: another ETag and other bytes
            let target = directory.file("file.bin")
            #expect(await FerryBinary.run(["send", old + "&drop_at=800000", "-o", target]).status == 2)
            let partial = try Data(contentsOf: URL(fileURLWithPath: target + ".ferry-partial"))

            let restarted = await FerryBinary.run(["send", new, "-o", target, "-C", "-"])
            #expect(restarted.status == 0, "\(restarted.stderr)")
            #expect(restarted.stderr.contains("downloaded again from the start"))
            let newHash = try await wholeHash(of: new, in: directory)
            #expect(try sha256Hex(ofFile: target) == newHash)

            // curl sends no If-Range: it appends the new version's tail to the old head.
            let spliced = try directory.write("curl.bin", partial)
            let curl = await ChildProcess.run(Self.curl, ["-sS", "-C", "-", "-o", spliced, new])
            #expect(curl.status == 0)
            #expect(size(spliced) == 2_000_000)
            #expect(try sha256Hex(ofFile: spliced) != newHash)
        }
    }

    @Test func aCompleteFileIsReportedCompleteAsCurlLeavesIt() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let url = "\(server.baseURL)/download/500000?seed=8"
            let target = directory.file("done.bin")
            #expect(await FerryBinary.run(["send", url, "-o", target]).status == 0)
            let hash = try sha256Hex(ofFile: target)

            let again = await FerryBinary.run(["send", url, "-o", target, "-C", "-"])
            #expect(again.status == 0)
            #expect(again.stderr.contains("\(target) is already complete (500000 bytes)"))
            #expect(again.stdout.isEmpty)
            #expect(try sha256Hex(ofFile: target) == hash)
            let curl = await ChildProcess.run(Self.curl, ["-sS", "-C", "-", "-o", target, url])
            #expect(curl.status == 0)
            #expect(try sha256Hex(ofFile: target) == hash)

            // A partial file that holds everything (killed before the rename) is put in place.
            try FileManager.default.moveItem(atPath: target, toPath: target + ".ferry-partial")
            let renamed = await FerryBinary.run(["send", url, "-o", target, "-C", "-"])
            #expect(renamed.status == 0)
            #expect(try sha256Hex(ofFile: target) == hash)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["done.bin"])
        }
    }

    @Test func aServerWithoutRangesStartsOverWhereCurlRefuses() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let url = "\(server.baseURL)/bytes/300000?seed=3"  // /bytes ignores Range
            let whole = try await wholeHash(of: url, in: directory)
            let target = try directory.write("half.bin", Data(repeating: 0x41, count: 1000))
            let curl = await ChildProcess.run(Self.curl, ["-sS", "-C", "-", "-o", target, url])
            #expect(curl.status == 33)
            #expect(curl.stderr.contains("doesn't seem to support byte ranges"))

            let ferry = await FerryBinary.run(["send", url, "-o", target, "-C", "-"])
            #expect(ferry.status == 0)
            #expect(ferry.stderr.contains("downloaded again from the start"))
            #expect(try sha256Hex(ofFile: target) == whole)
        }
    }

    @Test func anErrorAnswerLeavesTheKeptBytesAlone() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server throws in
            let target = directory.file("kept.bin")
            let kept = try directory.write("kept.bin.ferry-partial", Data(repeating: 0x42, count: 4096))
            let answer = await FerryBinary.run(["send", "\(server.baseURL)/status/404", "-o", target, "-C", "-"])
            #expect(answer.status == 3)
            #expect(answer.stderr.contains("the server answered 404"))
            #expect(answer.stderr.contains("the kept download is unchanged"))
            #expect(answer.stdout.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(repeating: 0x42, count: 4096))
            #expect(!FileManager.default.fileExists(atPath: target))

            let beyond = await FerryBinary.run(["send", "\(server.baseURL)/download/1000", "-o", target, "-C", "-"])
            #expect(beyond.status == 3)
            #expect(beyond.stderr.contains("cannot continue from byte 4096: the file on the server has 1000 bytes"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: kept)).count == 4096)
        }
    }

    @Test func dashCNeedsAFileItCanContinue() async throws {
        let directory = try TemporaryDirectory()
        let noOutput = await FerryBinary.run(["send", "http://127.0.0.1:9/", "-C", "-"])
        #expect(noOutput.status == 1)
        #expect(noOutput.stderr.contains("give -o FILE as well"))
        let stdout = await FerryBinary.run(["send", "http://127.0.0.1:9/", "-C", "-", "-o", "-"])
        #expect(stdout.status == 1)
        let fifo = directory.file("pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        let refused = await FerryBinary.run(["send", "http://127.0.0.1:9/", "-C", "-", "-o", fifo])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is a device, FIFO or socket: a download into it cannot be continued"))
        let short = try directory.write("short.bin", Data(count: 10))
        let tooFar = await FerryBinary.run(["send", "http://127.0.0.1:9/", "-C", "20", "-o", short])
        #expect(tooFar.status == 1)
        #expect(tooFar.stderr.contains("cannot continue from byte 20: \(short) holds 10 bytes"))
        let notANumber = await FerryBinary.run(["send", "http://127.0.0.1:9/", "-C", "x", "-o", short])
        #expect(notANumber.stderr.contains("expected - or a byte offset"))
    }
}
