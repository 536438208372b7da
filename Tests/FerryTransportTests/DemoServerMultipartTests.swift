import FerryTestSupport
import Foundation
import Testing

/// The demo server reports multipart uploads part by part; checked here with curl's own `-F`
/// encoder so the server's parser is tested independently of Ferry's.
@Suite struct DemoServerMultipartTests {
    @Test func reportsEachPartWithItsSizeAndDigest() async throws {
        let directory = try TemporaryDirectory()
        let file = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let path = try directory.write("photo.bin", file)
        try await withDemoServer { server in
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", "-F", "title=Ferry ⛴", "-F", "upload=@\(path);type=image/x-test", "\(server.baseURL)/anything"]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            let echo = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let parts = try #require((echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]])
            #expect(parts.count == 2)
            #expect(parts[0]["name"] as? String == "title")
            #expect(parts[0]["size"] as? Int == "Ferry ⛴".utf8.count)
            #expect(parts[0]["sha256"] as? String == sha256Hex(Data("Ferry ⛴".utf8)))
            #expect(parts[1]["name"] as? String == "upload")
            #expect(parts[1]["filename"] as? String == "photo.bin")
            #expect(parts[1]["contentType"] as? String == "image/x-test")
            #expect(parts[1]["size"] as? Int == file.count)
            #expect(parts[1]["sha256"] as? String == sha256Hex(file))
        }
    }
}
