import FerryTestSupport
import Foundation
import Testing

/// `ferry curl ARGS…` against the demo server: the request curl would send, Ferry's output and
/// exit codes, and nothing sent when an option cannot be honoured.
@Suite struct CurlSendCommandTests {
    @Test func sendsWhatTheCurlArgumentsSay() async throws {
        try await withDemoServer { server in
            let sent = await FerryBinary.run([
                "curl", "-sS", "-X", "PUT", "\(server.baseURL)/anything?x=1", "-H", "Content-Type: application/json", "-d", #"{"a": 1}"#,
                "-u", "ann:pw",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.text.contains(#""method" : "PUT""#), "\(sent.text)")
            #expect(sent.text.contains(#""data" : "{\"a\": 1}""#), "\(sent.text)")
            #expect(sent.text.contains(#""Authorization" : "Basic YW5uOnB3""#), "\(sent.text)")
            #expect(sent.text.contains(#""x" : "1""#), "\(sent.text)")
        }
    }

    /// The headers the server receives are curl's own, compared with what curl itself sends.
    @Test(arguments: [[String](), ["-H", "X-Trace: 7", "-A", "probe/1", "-e", "https://ref.example/"], ["-d", "a=1", "-H", "Accept:"]])
    func theServerReceivesTheHeadersCurlSends(_ flags: [String]) async throws {
        try await withDemoServer { server in
            let url = "\(server.baseURL)/headers"
            let home = try TemporaryDirectory()  // no cookie jar another test filled
            let ferry = await FerryBinary.run(
                ["curl", "--no-history", "--", url] + flags,
                environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 })
            #expect(ferry.status == 0, "\(ferry.stderr)")
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", url] + flags
            let pipe = Pipe()
            curl.standardOutput = pipe
            try curl.run()
            let curlOutput = pipe.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            func headers(_ data: Data) throws -> [String: String] {
                try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["headers"] as? [String: String])
            }
            #expect(try headers(Data(ferry.text.utf8)) == headers(curlOutput))
        }
    }

    @Test func ferrysFlagsComeBeforeTheSeparatorAndOutputGoesWhereCurlPutsIt() async throws {
        try await withDemoServer { server in
            let directory = try TemporaryDirectory()
            let json = await FerryBinary.run(["curl", "--json", "--no-history", "--", "\(server.baseURL)/json"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any]
            #expect((report?["response"] as? [String: Any])?["status"] as? Int == 200, "\(json.text.prefix(500))")
            let output = directory.file("body.json")
            let saved = await FerryBinary.run(["curl", "-o", output, "\(server.baseURL)/json"])
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)).count > 100)
        }
    }

    @Test func anOptionFerryCannotHonourIsNamedAndNothingIsSent() async throws {
        try await withDemoServer { server in
            let refused = await FerryBinary.run(["curl", "--capath", "/etc/ssl/certs", "\(server.baseURL)/json"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("--capath /etc/ssl/certs: a curl option Ferry does not act on"), "\(refused.stderr)")
            #expect(refused.stderr.contains("nothing was sent"))
            #expect(refused.text.isEmpty)
            let two = await FerryBinary.run(["curl", "\(server.baseURL)/json", "\(server.baseURL)/xml"])
            #expect(two.status == 1)
            #expect(two.stderr.contains("the arguments name 2 URLs; ferry curl sends one request"), "\(two.stderr)")
        }
    }
}
