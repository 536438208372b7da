import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Ferry's multipart bodies through the transport to the demo server, whose independent parser
/// (vapor/multipart-kit) reports each part.
@Suite struct MultipartUploadTests {
    private func upload(_ form: MultipartFormData, to server: DemoServer) async throws -> [String: Any] {
        let (contentType, source) = form.encoded()
        let request = Request(
            method: .post, url: try Request.parseURL("\(server.baseURL)/anything"),
            headers: ["Content-Type": contentType], body: .stream(source))
        let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
        #expect(response.status == 200)
        let echo = try #require(try JSONSerialization.jsonObject(with: try response.body.data()) as? [String: Any])
        #expect(echo["bodySize"] as? Int64 == source.length)
        #expect((echo["headers"] as? [String: Any])?["Content-Length"] as? String == source.length.map(String.init))
        return echo
    }

    private func parts(_ echo: [String: Any]) throws -> [[String: Any]] {
        let multipart = try #require(echo["multipart"] as? [String: Any])
        #expect(multipart["error"] == nil)
        return try #require(multipart["parts"] as? [[String: Any]])
    }

    @Test func partsNamesTypesAndDigestsSurviveTheTrip() async throws {
        let directory = try TemporaryDirectory()
        let file = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let path = try directory.write("résumé 東京.pdf", file)
        var form = MultipartFormData()
        form.append(Data("Ferry ⛴".utf8), name: "title")
        try form.appendFile(path: path, name: "doc")
        form.append(Data(repeating: 0, count: 5), name: "blob", fileName: "z.bin", mimeType: "application/x-z")
        try await withDemoServer { server in
            let parts = try parts(try await upload(form, to: server))
            #expect(parts.map { $0["name"] as? String } == ["title", "doc", "blob"])
            #expect(parts[0]["sha256"] as? String == sha256Hex(Data("Ferry ⛴".utf8)))
            #expect(parts[1]["filename"] as? String == "résumé 東京.pdf")
            #expect(parts[1]["contentType"] as? String == "application/pdf")
            #expect(parts[1]["size"] as? Int == file.count)
            #expect(parts[1]["sha256"] as? String == sha256Hex(file))
            #expect(parts[2]["contentType"] as? String == "application/x-z")
            #expect(parts[2]["sha256"] as? String == sha256Hex(Data(repeating: 0, count: 5)))
        }
    }

    @Test func aHundredMegabyteFileStreams() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("big.bin")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let chunk = Data(SeededBytes(seed: 5).bytes(from: 0, count: 1 << 20))
        for _ in 0..<100 { handle.write(chunk) }
        try handle.close()
        var form = MultipartFormData()
        try form.appendFile(path: path, name: "big")
        try await withDemoServer { server in
            let parts = try parts(try await upload(form, to: server))
            #expect(parts.count == 1)
            #expect(parts[0]["size"] as? Int == 100 << 20)
            #expect(parts[0]["sha256"] as? String == (try sha256Hex(ofFile: path)))
        }
    }

    @Test func aFileGrowingDuringTheUploadAbortsIt() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("grow.bin", Data(repeating: 1, count: 4 << 20))
        var form = MultipartFormData()
        try form.appendFile(path: path, name: "f")
        let (contentType, source) = form.encoded()
        try await withDemoServer { server in
            var request = Request(
                method: .post, url: try Request.parseURL("\(server.baseURL)/anything"),
                headers: ["Content-Type": contentType], body: .stream(source))
            request.options.maxUploadRate = 2 << 20
            // The file grows once the upload has begun (seen by its progress), on the transfer's own
            // thread: no wait for the shared pool, which other suites keep busy.
            let grown = LockedFlag()
            let grow: @Sendable (TransferProgress) -> Void = { progress in
                guard progress.uploaded > 0, !grown.isSet, let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.seekToEndOfFile()
                handle.write(Data(repeating: 2, count: 1000))
                try? handle.close()
                grown.set()
            }
            await #expect {
                _ = try await CurlTransport().send(request, receivingInto: .default, progress: grow)
            } throws: { error in
                let chain = ErrorChain(error).links
                return chain.first?.stage == "multipart-encoding" && chain.first?.reason == "fileChangedDuringUpload"
            }
            #expect(grown.isSet)
        }
    }
}
