import FerryTestSupport
import Foundation
import Testing

/// `ferry send` takes curl's everyday flags with curl's meaning: what reaches the server is compared
/// with what curl itself sends for the same flags (the demo server echoes the request).
@Suite struct SendCurlFlagsTests {
    @Test(arguments: [
        ["-sSL", "-G", "-d", "a=1", "--data-urlencode", "q=a b&c*!'()/?:"],
        ["-A", "probe/1", "-e", "https://ref.example/", "--data-raw", "@not-a-file", "--compressed"],
        ["-d", "b=2", "--data-raw", "c=3", "--data-urlencode", "=x&y", "-H", "User-Agent: mine", "-A", "theirs"],
        ["-X", "PUT", "-G", "--data-urlencode", "name@%FILE"],
    ])
    func theServerReceivesWhatCurlSends(_ flags: [String]) async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("value.txt", Data("é & ü".utf8))
        let flags = flags.map { $0.replacingOccurrences(of: "%FILE", with: file) }
        try await withDemoServer { server in
            let url = "\(server.baseURL)/anything?x=1"
            let ferry = await FerryBinary.run(  // a home of its own: no cookie jar another test filled
                ["send", url, "--no-history"] + flags,
                environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.path, "HOME": directory.path]) { $1 })
            #expect(ferry.status == 0, "\(ferry.stderr)")
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = [url] + flags
            let pipe = Pipe()
            curl.standardOutput = pipe
            try curl.run()
            let curlOutput = pipe.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            let ours = try Self.echo(Data(ferry.text.utf8))
            let theirs = try Self.echo(curlOutput)
            for key in ["method", "url", "data", "args"] {
                #expect(ours[key] as? NSObject == theirs[key] as? NSObject, "\(key): \(ferry.text)")
            }
            // Ferry asks for compressed bodies and sends Accept-Language by default (send.md).
            let headers = { (echo: [String: Any]) in
                (echo["headers"] as? [String: String] ?? [:]).filter { !["Accept-Language", "Accept-Encoding"].contains($0.key) }
            }
            var ourHeaders = headers(ours)
            var theirHeaders = headers(theirs)
            if theirHeaders["User-Agent"]?.hasPrefix("curl/") == true {  // each its own when no flag names one
                ourHeaders["User-Agent"] = nil
                theirHeaders["User-Agent"] = nil
            }
            #expect(ourHeaders == theirHeaders)
        }
    }

    @Test func failMakesAnErrorStatusAFailureAndHeadSendsHEAD() async throws {
        try await withDemoServer { server in
            let failed = await FerryBinary.run(["send", "\(server.baseURL)/status/404", "-f", "--no-history"])
            #expect(failed.status == 3)
            #expect(failed.text.isEmpty)
            #expect(failed.stderr.contains("the server answered 404"), "\(failed.stderr)")
            #expect(failed.stderr.contains("(--fail)"))
            let withBody = await FerryBinary.run(["send", "\(server.baseURL)/basic-auth/ann/pw", "--fail-with-body", "--no-history"])
            #expect(withBody.status == 3)
            #expect(!withBody.text.isEmpty, "the body is printed")
            let fine = await FerryBinary.run(["send", "\(server.baseURL)/get", "-fsS", "--no-history"])
            #expect(fine.status == 0, "\(fine.stderr)")
            let head = await FerryBinary.run(["send", "\(server.baseURL)/get", "-I", "--no-history"])
            #expect(head.status == 0, "\(head.stderr)")
            #expect(head.text.hasPrefix("HTTP/1.1 200"), "\(head.text)")
        }
    }

    private static func echo(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
