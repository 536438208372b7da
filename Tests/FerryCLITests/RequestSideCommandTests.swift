import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send` with parameters, encodings, a base URL, multipart parts, `--dump-body` and `--dry-run`.
@Suite struct RequestSideCommandTests {
    private func echo(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    }

    /// A text body that names no type goes without one from a request file (as Hurl and Postman send
    /// it); `-d` keeps curl's form type, and a file's `contentType` is sent as written.
    @Test func aBodyThatNamesNoTypeIsSentWithoutOneFromAFile() async throws {
        try await withDemoServer { server in
            let directory = try TemporaryDirectory()
            let untyped = try directory.write(
                "a.ferry.yaml", Data("method: POST\nurl: \(server.baseURL)/anything\nbody:\n  raw: hello\n".utf8))
            let typed = try directory.write(
                "b.ferry.yaml", Data("method: POST\nurl: \(server.baseURL)/anything\nbody:\n  raw: hello\n  contentType: text/plain\n".utf8)
            )
            let headers = { (echo: [String: Any]) in echo["headers"] as? [String: String] ?? [:] }
            #expect(headers(try echo(await FerryBinary.run(["send", untyped, "--no-history"])))["Content-Type"] == nil)
            #expect(headers(try echo(await FerryBinary.run(["send", typed, "--no-history"])))["Content-Type"] == "text/plain")
            let data = try echo(await FerryBinary.run(["send", "\(server.baseURL)/anything", "-d", "hello", "--no-history"]))
            #expect(headers(data)["Content-Type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test func paramsGoInTheQueryForGetAndTheBodyOtherwise() async throws {
        try await withDemoServer { server in
            let get = try echo(await FerryBinary.run(["send", "\(server.baseURL)/anything?x=0", "--param", "b=2 3", "--param", "a=é"]))
            #expect(get["url"] as? String == "\(server.baseURL)/anything?x=0&a=%C3%A9&b=2%203")
            let post = try echo(
                await FerryBinary.run([
                    "send", "-X", "POST", "\(server.baseURL)/anything", "--param", "t=[1]", "--param", "t=2",
                    "--array-style", "indices",
                ]))
            #expect(post["data"] as? String == "t%5B0%5D=%5B1%5D&t%5B1%5D=2")
            #expect((post["headers"] as? [String: Any])?["Content-Type"] as? String == "application/x-www-form-urlencoded")
            let json = try echo(
                await FerryBinary.run(["send", "\(server.baseURL)/anything", "--param", "z=1", "--param", "a=2", "--encode", "json"]))
            #expect(json["method"] as? String == "POST")
            #expect(json["data"] as? String == #"{"z":"1","a":"2"}"#)
            let nested = try echo(
                await FerryBinary.run([
                    "send", "\(server.baseURL)/anything", "--params-json", #"{"n": 1e2, "o": {"k": [true]}}"#,
                    "--param", "x=y", "--encode", "json",
                ]))
            #expect(nested["data"] as? String == #"{"n":1e2,"o":{"k":[true]},"x":"y"}"#)
            let pretty = try echo(
                await FerryBinary.run([
                    "send", "\(server.baseURL)/anything", "--params-json", #"{"o": {"k": [true]}}"#,
                    "--encode", "json", "--pretty-json",
                ]))
            #expect(pretty["data"] as? String == "{\n  \"o\": {\n    \"k\": [\n      true\n    ]\n  }\n}")
            let plist = try echo(
                await FerryBinary.run([
                    "send", "\(server.baseURL)/anything", "--params-json", #"{"k": "v"}"#,
                    "--encode", "plist", "--plist-format", "binary",
                ]))
            #expect((plist["headers"] as? [String: Any])?["Content-Type"] as? String == "application/x-plist")
            let data = plist["data"] as? String ?? ""
            #expect(data.hasPrefix("bplist00") || data.hasPrefix("data:application/octet-stream;base64,YnBsaXN0MD"), "\(data)")
        }
    }

    @Test func baseURLAndDefaultHeaders() async throws {
        try await withDemoServer { server in
            let echo = try echo(await FerryBinary.run(["send", "--base-url", "\(server.baseURL)/anything", "v1/items"]))
            #expect(echo["url"] as? String == "\(server.baseURL)/anything/v1/items")
            let headers = try #require(echo["headers"] as? [String: Any])
            #expect((headers["User-Agent"] as? String)?.hasPrefix("Ferry/") == true)
            #expect(headers["Accept-Language"] != nil)
            let removed = try self.echo(
                await FerryBinary.run(["send", "\(server.baseURL)/anything", "-H", "Accept-Language:", "-H", "User-Agent: me"]))
            #expect((removed["headers"] as? [String: Any])?["Accept-Language"] == nil)
            #expect((removed["headers"] as? [String: Any])?["User-Agent"] as? String == "me")
        }
    }

    @Test func formPartsStreamWithTypesAndNames() async throws {
        let directory = try TemporaryDirectory()
        let file = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0) })
        let path = try directory.write("data.json", file)
        try await withDemoServer { server in
            let echo = try echo(
                await FerryBinary.run([
                    "send", "\(server.baseURL)/anything", "--param", "p=1", "-F", "title=hi",
                    "-F", "a=@\(path)", "-F", "b=@\(path);type=text/x-b;filename=ü.txt",
                ]))
            #expect(echo["method"] as? String == "POST")
            let parts = try #require((echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]])
            #expect(parts.map { $0["name"] as? String } == ["p", "title", "a", "b"])
            #expect(parts[2]["contentType"] as? String == "application/json")
            #expect(parts[2]["filename"] as? String == "data.json")
            #expect(parts[3]["contentType"] as? String == "text/x-b")
            #expect(parts[3]["filename"] as? String == "ü.txt")
            #expect(parts[3]["sha256"] as? String == sha256Hex(file))
        }
    }

    @Test func dumpBodyWritesTheExactBytesAndDryRunSendsNothing() async throws {
        let directory = try TemporaryDirectory()
        let dump = directory.file("body.bin")
        let port = try closedLocalPort()
        let outcome = await FerryBinary.run([
            "send", "http://127.0.0.1:\(port)/x", "--param", "k=v w", "--encode", "form",
            "--dump-body", dump, "--dry-run",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOfFile: dump, encoding: .utf8) == "k=v%20w")
        #expect(outcome.text.hasPrefix("POST http://127.0.0.1:\(port)/x\n"))
        #expect(outcome.text.contains("7 bytes of body"))
        let json = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/x", "-F", "a=b", "--dry-run", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let request = try #require(document["request"] as? [String: Any])
        #expect((request["bodySize"] as? Int ?? 0) > 0)
        #expect(document["response"] == nil && document["error"] == nil)
    }

    @Test func dumpedMultipartMatchesWhatTheServerReceives() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("f.txt", Data("hello".utf8))
        let dump = directory.file("dump")
        try await withDemoServer { server in
            let echo = try echo(await FerryBinary.run(["send", "\(server.baseURL)/anything", "-F", "f=@\(path)", "--dump-body", dump]))
            let dumped = try Data(contentsOf: URL(fileURLWithPath: dump))
            // The boundary is random per build of the body, so compare sizes and the part's digest.
            #expect(echo["bodySize"] as? Int == dumped.count)
            #expect(String(decoding: dumped, as: UTF8.self).contains("filename=\"f.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n"))
        }
    }

    @Test(arguments: [
        (["-F", "a=@/no/such/file"], Int32(4), "fileNotFound"),
        (["-F", "a=@/tmp"], 4, "fileIsDirectory"),
        (["-F", "a=@/dev/null"], 4, "fileNotRegular"),
        (["-F", "a=b", "-d", "x"], 1, "invalidArgument"),
        (["-F", "novalue"], 1, "invalidArgument"),
        (["-F", "a=@/etc/hostname;size=3"], 1, "invalidArgument"),
        (["--param", "novalue"], 1, "invalidArgument"),
        (["--params-json", "{\"a\":"], 1, "invalidParameters"),
        (["--params-json", "{\"a\": NaN}"], 1, "invalidParameters"),
        (["--params-json", "{\"a\": null}", "--encode", "plist"], 1, "unencodableValue"),
        (["--param", "a=1", "--encode", "yaml"], 1, "invalidArgument"),
        (["--param", "a=1", "--array-style", "x"], 1, "invalidArgument"),
        (["--param", "a=1", "--plist-format", "binary"], 1, "invalidArgument"),
        (["--param", "a=1", "--pretty-json"], 1, "invalidArgument"),
        (["--param", "a=1", "--encode", "json", "-d", "x"], 1, "invalidArgument"),
        (["--dump-body", "/no/such/dir/f", "-d", "x"], 4, "unwritable"),
    ])
    func badInputIsItsErrorAndNothingIsSent(arguments: [String], status: Int32, reason: String) async throws {
        let port = try closedLocalPort()
        let outcome = await FerryBinary.run(["send", "http://127.0.0.1:\(port)/x", "--json"] + arguments)
        #expect(outcome.status == status, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
        let chain = try #require((document["error"] as? [String: Any])?["chain"] as? [[String: Any]])
        #expect(chain.first?["reason"] as? String == reason)
        #expect(chain.allSatisfy { $0["stage"] as? String != "transport" })
    }

    @Test func aRelativeURLWithoutABaseIsAUsageError() async {
        let outcome = await FerryBinary.run(["send", "v1/items"])
        #expect(outcome.status == 1)
    }
}
