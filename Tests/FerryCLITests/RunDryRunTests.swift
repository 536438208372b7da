import FerryTestSupport
import Foundation
import Testing

/// `ferry run --dry-run`: every request of a collection resolved as the run would send it, and none
/// sent — not even the requests a chained value, a script or an OAuth 2.0 token would need: a
/// listening server sees no connection. What does not resolve is named with the value it misses.
@Suite struct RunDryRunTests {
    /// A collection whose every URL points at `baseURL`: requests that resolve, one that needs a
    /// capture, a chained value, a variable nothing gives, an OAuth 2.0 token, a script's request.
    private static func collection(baseURL: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let files = [
            "environments/test.yaml": """
            baseURL: \(baseURL)
            apiKey: { value: k-123-secret, secret: true }
            session:
              from: login/login.ferry.yaml
              path: $.token
            """,
            "login/login.ferry.yaml": "method: POST\nurl: \"{{baseURL}}/login\"\nbody:\n  json: { user: ferry }\n",
            "files/notes.txt": "notes\n",
            "a/1-plain.ferry.yaml": """
            method: PUT
            url: "{{baseURL}}/items?key={{apiKey}}"
            headers:
              - X-Item: "{{$uuid}}"
            body:
              file: files/notes.txt
              contentType: text/plain
            """,
            "a/2-capture.ferry.yaml": """
            method: POST
            url: "{{baseURL}}/orders"
            capture:
              orderID: { from: $.id }
            scripts:
              tests: |
                pm.environment.set("itemID", pm.response.json().item);
            """,
            "a/3-uses-capture.ferry.yaml": "url: \"{{baseURL}}/orders/{{orderID}}\"\n",
            "a/3-uses-script.ferry.yaml": "url: \"{{baseURL}}/items/{{itemID}}\"\n",
            "a/4-chained.ferry.yaml": "url: \"{{baseURL}}/me\"\nauth:\n  bearer: \"{{session}}\"\n",
            "a/5-unset.ferry.yaml": "url: \"{{baseURL}}/users/{{userId}}\"\n",
            "a/6-oauth.ferry.yaml": """
            url: "{{baseURL}}/reports"
            auth:
              oauth2:
                grant-type: client_credentials
                access-token-url: "{{baseURL}}/oauth/token"
                client-id: ferry-demo
                client-secret: s3cret
            """,
            "a/7-script.ferry.yaml": """
            url: "{{baseURL}}/scripted"
            scripts:
              pre-request: |
                pm.sendRequest(pm.environment.get("baseURL") + "/side", function () {});
            """,
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data(text.utf8))
        }
        return directory
    }

    /// A server that answers every request; after ferry has exited, one connection of the test's
    /// own is accepted (waited for), so the count says whether ferry connected before it.
    private static func withListener(_ body: (String) async throws -> Void) async throws -> Int {
        let server = try HostileServer { connection in
            while connection.readRequest() != nil {
                guard connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}") else { return }
            }
        }
        defer { server.stop() }
        try await body(server.url)
        let probe = try connectedSocket(port: server.port)
        defer { close(probe) }
        try await Deadline.within(10, "the test's own connection") {
            while server.connections == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        return server.connections
    }

    @Test func resolvesEveryRequestSendsNoneAndNamesWhatEachOneMisses() async throws {
        let connections = try await Self.withListener { url in
            let collection = try Self.collection(baseURL: url)
            let outcome = await FerryBinary.run(["run", collection.path, "--dry-run", "--env", "test"])
            #expect(outcome.status == 5, "\(outcome.text)\(outcome.stderr)")
            let text = outcome.text
            #expect(text.contains("── a/1-plain.ferry.yaml\nPUT \(url)/items?key={{apiKey}}\n"), "\(text)")
            #expect(text.contains("(6 bytes of body; nothing was sent)\n(reads the local file"), "\(text)")
            #expect(!text.contains("k-123-secret"), "the secret is redacted")
            #expect(text.contains("── login/login.ferry.yaml\nPOST \(url)/login\n"))
            #expect(text.contains("── a/7-script.ferry.yaml\nGET \(url)/scripted\n"), "a script's request is refused, its own resolves")
            for line in [
                "✗ a/3-uses-capture.ferry.yaml: {{orderID}} (url) is captured from the response of a/2-capture.ferry.yaml",
                "✗ a/3-uses-script.ferry.yaml: {{itemID}} (url) is set by the scripts of a/2-capture.ferry.yaml after its response",
                "✗ a/4-chained.ferry.yaml: {{session}}",
                "is a chained value, taken from the response of login/login.ferry.yaml",
                "✗ a/5-unset.ferry.yaml: {{userId}} (url) has no value",
                "✗ a/6-oauth.ferry.yaml: its OAuth 2.0 access token is not cached: it would be fetched from \(url)/oauth/token",
                "4 of 9 requests resolve, 5 do not; nothing was sent",
            ] {
                #expect(text.contains(line), "\(line)\n\(text)")
            }
            let summary = try #require(text.range(of: "4 of 9 requests resolve"))
            #expect(text[summary.lowerBound...].components(separatedBy: "\n✗ ").count == 6, "the summary lists the five: \(text)")
        }
        #expect(connections == 1, "only the test's own connection reached the server")
    }

    @Test func jsonLinesGiveEachRequestAndTheSummary() async throws {
        let connections = try await Self.withListener { url in
            let collection = try Self.collection(baseURL: url)
            let outcome = await FerryBinary.run(["run", collection.path, "--dry-run", "--env", "test", "--reporter", "json"])
            #expect(outcome.status == 5, "\(outcome.stderr)")
            let lines = try outcome.text.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
            #expect(lines.count == 10, "nine requests and the summary: \(outcome.text)")
            let byPath = Dictionary(lines.compactMap { line in (line["path"] as? String).map { ($0, line) } }) { first, _ in first }
            let plain = try #require(byPath["a/1-plain.ferry.yaml"]?["request"] as? [String: Any])
            #expect(plain["method"] as? String == "PUT")
            #expect(plain["url"] as? String == "\(url)/items?key={{apiKey}}")
            #expect((plain["localFiles"] as? [String])?.first?.hasSuffix("files/notes.txt") == true)
            let capture = try #require(byPath["a/3-uses-capture.ferry.yaml"]?["unreachable"] as? [String: Any])
            #expect(capture["kind"] as? String == "capture" && capture["name"] as? String == "orderID")
            #expect(capture["source"] as? String == "a/2-capture.ferry.yaml")
            let chain = try #require(byPath["a/4-chained.ferry.yaml"]?["unreachable"] as? [String: Any])
            #expect(chain["kind"] as? String == "chain" && chain["source"] as? String == "login/login.ferry.yaml")
            let script = try #require(byPath["a/3-uses-script.ferry.yaml"]?["unreachable"] as? [String: Any])
            #expect(script["kind"] as? String == "script" && script["source"] as? String == "a/2-capture.ferry.yaml")
            #expect((byPath["a/5-unset.ferry.yaml"]?["unreachable"] as? [String: Any])?["kind"] as? String == "variable")
            #expect((byPath["a/6-oauth.ferry.yaml"]?["unreachable"] as? [String: Any])?["kind"] as? String == "oauth2-token")
            let summary = try #require(lines.last?["summary"] as? [String: Int])
            #expect(summary == ["requests": 9, "resolve": 4, "unresolved": 5, "skipped": 0, "unread": 0])
        }
        #expect(connections == 1, "only the test's own connection reached the server")
    }

    @Test func aCollectionWhoseRequestsAllResolveExitsZero() async throws {
        let collection = try Self.collection(baseURL: "http://127.0.0.1:\(try closedLocalPort())")
        let outcome = await FerryBinary.run(["run", collection.path, "--dry-run", "--env", "test", "--filter", "a/1-*"])
        #expect(outcome.status == 0, "\(outcome.text)\(outcome.stderr)")
        #expect(outcome.text.hasSuffix("1 of 1 request resolves; nothing was sent\n"), "\(outcome.text)")
        let refused = await FerryBinary.run(["run", collection.path, "--dry-run", "--reporter", "junit"])
        #expect(refused.status == 1 && refused.stderr.contains("--dry-run prints to stdout"), "\(refused.stderr)")
    }
}
