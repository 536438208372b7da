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
        ["-s", "-T", "%FILE"],
        ["-H", "X-Empty;", "-H", "X-Other: 1"],
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
            // Ferry asks for compressed bodies and sends Accept-Language by default, and waits for no
            // 100 Continue before an upload (send.md).
            let headers = { (echo: [String: Any]) in
                (echo["headers"] as? [String: String] ?? [:]).filter { !["Accept-Language", "Accept-Encoding", "Expect"].contains($0.key) }
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

    @Test func writeOutPrintsWhatCurlPrintsForTheSameExchange() async throws {
        let format =
            #"%{http_code} %{response_code} %{http_version} %{num_headers} %{content_type} %{url_effective} %{num_redirects} %{scheme} %{method} %{size_upload} %{size_header} %header{server} %{remote_ip} 100%%\n"#
        try await withDemoServer { server in
            let url = "\(server.baseURL)/status/418"
            let ferry = await FerryBinary.run(["send", url, "--no-history", "-d", "abc", "-X", "PUT", "-w", format])
            #expect(ferry.status == 0, "\(ferry.stderr)")
            let curl = await ChildProcess.run("/usr/bin/curl", ["-s", url, "-d", "abc", "-X", "PUT", "-w", format])
            #expect(ferry.text == curl.text)
            #expect(ferry.text.hasPrefix("418 418 1.1 "), "\(ferry.text)")
            // %{stderr} sends the rest to standard error; an unknown variable is named and writes nothing.
            let split = await FerryBinary.run(["send", url, "--no-history", "-w", "%{http_code}%{stderr}[%{nonsense}%{method}]"])
            #expect(split.text == "418")
            #expect(split.stderr.contains("unknown variable %{nonsense}"), "\(split.stderr)")
            #expect(split.stderr.hasSuffix("[GET]"), "\(split.stderr)")
            let json = await FerryBinary.run(["send", "\(server.baseURL)/get", "--no-history", "-o", "/dev/null", "-w", "%{json}"])
            let object = try Self.echo(Data(json.text.utf8))
            #expect(object["http_code"] as? Int == 200)
            #expect((object["time_total"] as? Double ?? -1) >= 0)
        }
    }

    @Test func remoteNameUploadFileAndVerboseAsCurlHasThem() async throws {
        let directory = try TemporaryDirectory()
        let upload = try directory.write("notes.txt", Data("hello".utf8))
        try await withDemoServer { server in
            // -O: the body goes to a file named after the URL's last segment, in the folder ferry runs in.
            let named = await ChildProcess.run(
                FerryBinary.path, ["send", "-O", "\(server.baseURL)/bytes/64", "--no-history"], directory: directory.path)
            #expect(named.status == 0, "\(named.stderr)")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/64")))?.count == 64)
            let nameless = await FerryBinary.run(["send", "-O", "\(server.baseURL)/", "--no-history"])
            #expect(nameless.status == 1)
            #expect(nameless.stderr.contains("no file name"), "\(nameless.stderr)")
            // -T: a PUT of the file, its name added to a URL that ends in /; -v shows both heads.
            let put = await FerryBinary.run(["send", "-T", upload, "\(server.baseURL)/anything/", "-v", "--no-history"])
            #expect(put.status == 0, "\(put.stderr)")
            let echo = try Self.echo(Data(put.text.utf8))
            #expect(echo["method"] as? String == "PUT")
            #expect((echo["url"] as? String)?.hasSuffix("/anything/notes.txt") == true)
            #expect(echo["data"] as? String == "hello")
            #expect(put.stderr.contains("> PUT /anything/notes.txt HTTP/1.1"), "\(put.stderr)")
            #expect(put.stderr.contains("< HTTP/1.1 200 OK"), "\(put.stderr)")
        }
    }

    @Test func retrySendsAgainAfterATransientStatusOnly() async throws {
        let unavailable = try CountingServer(status: 503, body: "busy")
        defer { unavailable.stop() }
        let retried = await FerryBinary.run(["send", unavailable.url + "/x", "--retry", "2", "--retry-delay", "0.05", "--no-history"])
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(unavailable.count(of: "/x") == 3)
        #expect(retried.stderr.contains("HTTP error 503: sending again"), "\(retried.stderr)")
        let missing = try CountingServer(status: 404, body: "no")
        defer { missing.stop() }
        let notRetried = await FerryBinary.run(["send", missing.url + "/y", "--retry", "2", "--retry-delay", "0.05", "--no-history"])
        #expect(notRetried.status == 0)
        #expect(missing.count(of: "/y") == 1, "a 404 is not transient")
        // ferry curl passes curl's --retry on.
        let viaCurl = await FerryBinary.run(["curl", "--", "--retry", "1", "--retry-delay", "0.05", unavailable.url + "/z"])
        #expect(viaCurl.status == 0, "\(viaCurl.stderr)")
        #expect(unavailable.count(of: "/z") == 2)
    }

    private static func echo(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
