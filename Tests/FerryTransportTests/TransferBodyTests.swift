import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Bodies arrive byte for byte, whatever their size and framing, and uploads arrive intact.
@Suite struct TransferBodyTests {
    static let sizes = [0, 1, 1000, 1 << 20, 10 << 20, 100 << 20]

    @Test(arguments: sizes)
    func downloadedBodiesMatchWhatTheServerSent(size: Int) async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let request = Request(url: try Request.parseURL("\(server.baseURL)/bytes/\(size)?seed=\(size)"))
            let response = try await transport.send(request, receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            #expect(response.body.count == Int64(size))
            #expect(response.headers["Content-Length"] == "\(size)")
            let expected = sha256Hex(SeededBytes(seed: UInt64(size)).bytes(from: 0, count: size))
            let received = try response.body.filePath.map(sha256Hex(ofFile:)) ?? sha256Hex(try response.body.data())
            #expect(received == expected)
            // Small bodies stay in memory; large ones are spooled to a file.
            #expect((response.body.filePath != nil) == (size > ResponseDestinationThreshold.value))
        }
    }

    @Test func chunkedBodiesArriveWhole() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let request = Request(url: try Request.parseURL("\(server.baseURL)/stream-bytes/300000?seed=9&chunk_size=777"))
            let response = try await transport.send(request, receivingInto: .default, progress: nil)
            #expect(response.headers["Transfer-Encoding"] == "chunked")
            #expect(try response.body.data() == Data(SeededBytes(seed: 9).bytes(from: 0, count: 300_000)))
        }
    }

    @Test func gzipAndDeflateAreDecoded() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            for algorithm in ["gzip", "deflate"] {
                let response = try await transport.send(
                    Request(url: try Request.parseURL("\(server.baseURL)/\(algorithm)")), receivingInto: .default, progress: nil)
                #expect(response.headers["Content-Encoding"] == algorithm)
                let text = String(decoding: try response.body.data(), as: UTF8.self)
                #expect(text.hasPrefix(#"{"\#(algorithm)ped": true"#))
            }
        }
    }

    @Test func uploadsFromMemoryAndFromFilesArriveIntact() async throws {
        let directory = try TemporaryDirectory()
        let payload = Data(SeededBytes(seed: 3).bytes(from: 0, count: 3 << 20))
        let path = try directory.write("upload.bin", payload)
        try await withDemoServer { server in
            let transport = CurlTransport()
            for body in [RequestBody.bytes(payload), .file(path: path)] {
                let request = Request(
                    method: .put, url: try Request.parseURL("\(server.baseURL)/anything"),
                    headers: ["Content-Type": "application/octet-stream"], body: body)
                let response = try await transport.send(request, receivingInto: .default, progress: nil)
                let echo = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: Any]
                #expect(echo?["method"] as? String == "PUT")
                #expect(echo?["bodySize"] as? Int == payload.count)
                #expect(echo?["bodySHA256"] as? String == sha256Hex(payload))
                #expect(response.sent?.headers["Content-Length"] == "\(payload.count)")
                #expect(response.sent?.headers["Expect"] == nil)
            }
        }
    }

    @Test func streamsOfUnknownLengthAreSentChunked() async throws {
        try await withDemoServer { server in
            let payload = Data(repeating: 0x41, count: 100_000)
            let request = Request(
                method: .post, url: try Request.parseURL("\(server.baseURL)/anything"),
                body: .stream(BodyStreamSource(length: nil) { DataBodyStream(payload) }))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            let echo = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: Any]
            #expect(echo?["bodySize"] as? Int == payload.count)
            #expect(response.sent?.headers["Transfer-Encoding"] == "chunked")
        }
    }

    @Test func outputFilesAppearOnlyWhenTheExchangeSucceeds() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            let transport = CurlTransport()
            let good = directory.file("good.bin")
            let response = try await transport.send(
                Request(url: try Request.parseURL("\(server.baseURL)/bytes/5000?seed=1")),
                receivingInto: .file(path: good), progress: nil)
            #expect(response.body.filePath == good)
            #expect(try Data(contentsOf: URL(fileURLWithPath: good)) == Data(SeededBytes(seed: 1).bytes(from: 0, count: 5000)))

            let bad = directory.file("bad.bin")
            await #expect(throws: FerryError.self) {
                try await transport.send(
                    Request(url: try Request.parseURL("\(server.baseURL)/misbehave/close-mid-body")),
                    receivingInto: .file(path: bad), progress: nil)
            }
            // What came of the broken 200 is kept beside the target, to be continued; bad.bin never appears.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                    == ["bad.bin.ferry-partial", "bad.bin.ferry-resume", "good.bin"])
        }
    }

    @Test func anUnwritableOutputFailsBeforeSending() async throws {
        let request = Request(url: try Request.parseURL("http://127.0.0.1:1/never"))
        do {
            _ = try await CurlTransport().send(request, receivingInto: .file(path: "/nonexistent-dir/out.bin"), progress: nil)
            Issue.record("expected an error")
        } catch let error as FerryError {
            #expect(ErrorChain(error).links.map(\.reason) == ["unwritable", "posix"])
        }
    }

    @Test func progressIsReportedWhileDownloading() async throws {
        try await withDemoServer { server in
            let seen = ProgressLog()
            let request = Request(url: try Request.parseURL("\(server.baseURL)/drip?numbytes=20&duration=0.4"))
            _ = try await CurlTransport().send(request, receivingInto: .default) { seen.append($0) }
            let reports = seen.all
            #expect(reports.count >= 2)
            #expect(reports.map(\.downloaded) == reports.map(\.downloaded).sorted())
            #expect(reports.last?.downloadTotal == 20)
        }
    }
}

/// The spool threshold `ResponseDestination.default` uses.
enum ResponseDestinationThreshold {
    static var value: Int {
        guard case .automatic(let threshold) = ResponseDestination.default else { return 0 }
        return threshold
    }
}

/// Collects progress reports from the transfer thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []
    func append(_ report: TransferProgress) { lock.withLock { reports.append(report) } }
    var all: [TransferProgress] { lock.withLock { reports } }
}
