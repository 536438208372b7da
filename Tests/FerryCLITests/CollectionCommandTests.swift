import FerryCore
import FerryServer
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// Request files, environments, `--save` and `ferry collection list`, end to end with the real binary.
@Suite struct CollectionCommandTests {
    private func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.stderr)")
    }

    /// A collection with an environment `test` pointing at `baseURL`, and the files given.
    private func collection(baseURL: String, _ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        var all = files
        all["environments/test.yaml"] = "baseURL: \(baseURL)\nuser: ann\npassword:\n  value: hunter2-secret\n  secret: true\n"
        for (path, text) in all {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data(text.utf8))
        }
        return directory
    }

    @Test func aRequestFileIsSentWithItsEnvironmentVarsAndFolderDefaults() async throws {
        try await withDemoServer { server throws in
            let directory = try collection(
                baseURL: server.baseURL,
                [
                    "api/_folder.ferry.yaml": "headers:\n  - X-Team: core\n",
                    "api/echo.ferry.yaml": """
                    method: POST
                    url: "{{baseURL}}/anything"
                    params:
                      q: "{{user}}"
                    headers:
                      - X-User: "{{user}}"
                      - name: X-Off
                        value: never
                        enabled: false
                    body:
                      json:
                        n: 1
                        who: "{{who}}"
                    """,
                ])
            let outcome = await FerryBinary.run([
                "send", directory.file("api/echo.ferry.yaml"), "--env", "test", "--var", "who=zed",
                "-H", "X-Extra: 1", "--json",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let echoed = try #require(((try json(outcome)["response"] as? [String: Any])?["body"] as? [String: Any])?["text"] as? String)
            let echo = try #require(try JSONSerialization.jsonObject(with: Data(echoed.utf8)) as? [String: Any])
            let headers = try #require(echo["headers"] as? [String: Any])
            #expect(headers["X-User"] as? String == "ann")
            #expect(headers["X-Team"] as? String == "core")
            #expect(headers["X-Extra"] as? String == "1")
            #expect(headers["X-Off"] == nil)
            #expect((echo["args"] as? [String: Any])?["q"] as? String == "ann")
            #expect((echo["json"] as? [String: Any])?["who"] as? String == "zed", "\(echoed)")
            #expect(echo["method"] as? String == "POST")
        }
    }

    @Test func secretsAreRedactedInTheReportAndDryRun() async throws {
        try await withDemoServer { server throws in
            let directory = try collection(
                baseURL: server.baseURL,
                [
                    "login.ferry.yaml": """
                    url: "{{baseURL}}/basic-auth/{{user}}/{{password}}"
                    auth:
                      basic:
                        username: "{{user}}"
                        password: "{{password}}"
                    validation:
                      status: "200"
                    """
                ])
            let file = directory.file("login.ferry.yaml")
            let sent = await FerryBinary.run(["send", file, "--env", "test", "--json"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(!sent.text.contains("hunter2-secret"))
            #expect(!sent.text.contains(Data("ann:hunter2-secret".utf8).base64EncodedString()))
            let request = try #require(try json(sent)["request"] as? [String: Any])
            #expect(request["url"] as? String == "\(server.baseURL)/basic-auth/ann/{{password}}")
            #expect((request["headers"] as? [[String: Any]])?.contains { $0["value"] as? String == "Basic {{secret}}" } == true)
            let planned = await FerryBinary.run(["send", file, "--env", "test", "--dry-run"])
            #expect(planned.status == 0)
            #expect(planned.text.contains("/basic-auth/ann/{{password}}"))
            #expect(!planned.text.contains("hunter2-secret"))
        }
    }

    @Test func anUnresolvedVariableIsAnInputErrorAndNothingIsSent() async throws {
        let port = try closedLocalPort()
        let directory = try collection(
            baseURL: "http://127.0.0.1:\(port)",
            [
                "token.ferry.yaml": "url: \"{{baseURL}}/get\"\nheaders:\n  - Authorization: \"Bearer {{token}}\"\n"
            ])
        let outcome = await FerryBinary.run(["send", directory.file("token.ferry.yaml"), "--env", "test"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains("the variable {{token}} in the header Authorization has no value; nothing was sent"),
            "\(outcome.stderr)")
        // A value made of the host's environment reads it only with --host-env, as a request file does.
        let hostEnv = await FerryBinary.run(["send", directory.file("token.ferry.yaml"), "--env", "test", "--var", "token={{$env.HOME}}"])
        #expect(hostEnv.status == 1, "\(hostEnv.stderr)")
        #expect(
            hostEnv.stderr.contains("the variable {{$env.HOME}} in the header Authorization (through {{token}}) has no value"),
            "\(hostEnv.stderr)")
    }

    @Test func brokenRequestFilesAndUnknownEnvironmentsAreInputErrors() async throws {
        let directory = try collection(
            baseURL: "http://127.0.0.1:1",
            [
                "bad.ferry.yaml": "url: http://x.test/\nopshuns:\n  timeout: 3\n",
                "ok.ferry.yaml": "url: http://x.test/\n",
            ])
        let bad = await FerryBinary.run(["send", directory.file("bad.ferry.yaml"), "--dry-run"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.ferry.yaml:2:1: opshuns: unknown key"), "\(bad.stderr)")
        let env = await FerryBinary.run(["send", directory.file("ok.ferry.yaml"), "--env", "prod", "--dry-run"])
        #expect(env.status == 1)
        #expect(env.stderr.contains("no environment `prod` (available: test)"), "\(env.stderr)")
        let missing = await FerryBinary.run(["send", directory.file("none.ferry.yaml"), "--dry-run"])
        #expect(missing.status == 4, "\(missing.stderr)")
    }

    @Test func saveWritesTheRequestTheFlagsMakeAndItSendsTheSame() async throws {
        let directory = try TemporaryDirectory()
        let flags = [
            "http://example.test/items?x=1", "-X", "PUT", "-H", "Accept: application/json", "--params-json", #"{"b": 2, "a": [1, "two"]}"#,
            "--encode", "json", "--max-time", "5", "--no-follow", "--dry-run",
        ]
        let saved = await FerryBinary.run(["send"] + flags + ["--save", "shop/items/update", "--collection", directory.path])
        #expect(saved.status == 0, "\(saved.stderr)")
        let path = directory.file("shop/items/update.ferry.yaml")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                method: PUT
                url: http://example.test/items?x=1
                headers:
                - Accept: application/json
                body:
                  json:
                    b: 2
                    a:
                    - 1
                    - two
                options:
                  timeout: 5
                  followRedirects: false

                """)
        let replayed = await FerryBinary.run(["send", path, "--dry-run"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.text.contains("PUT http://example.test/items?x=1"))
        #expect(replayed.text.contains("Content-Type: application/json"))
        let original = await FerryBinary.run(["send"] + flags)
        #expect(replayed.text == original.text)
    }

    @Test func saveRefusesToReplaceABrokenFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old.ferry.yaml", Data("url: [broken\n".utf8))
        let outcome = await FerryBinary.run(["send", "http://example.test/", "--dry-run", "--save", "old", "--collection", directory.path])
        #expect(outcome.status == 4)
        #expect(outcome.stderr.contains("refusing to overwrite a file that does not parse"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "url: [broken\n")
        let forced = await FerryBinary.run([
            "send", "http://example.test/", "--dry-run", "--save", "old", "--collection", directory.path, "--force",
        ])
        #expect(forced.status == 0)
        #expect(try RequestDescription(contentsOf: path).url == "http://example.test/")
    }

    @Test func listShowsRequestsAndBrokenFilesWithTheirLocation() async throws {
        let directory = try collection(
            baseURL: "http://127.0.0.1:1",
            [
                "users/list.ferry.yaml": "name: All users\nurl: \"{{baseURL}}/users\"\n",
                "users/create.ferry.yaml": "method: POST\nurl: \"{{baseURL}}/users\"\n",
                "broken.ferry.yaml": "url: http://x.test/\nmethod: [GET\n",
            ])
        let table = await FerryBinary.run(["collection", "list", directory.path])
        #expect(table.status == 1)
        #expect(table.text.contains("POST    users/create.ferry.yaml  {{baseURL}}/users\n"), "\(table.text)")
        #expect(table.text.contains("GET     users/list.ferry.yaml    {{baseURL}}/users  (All users)\n"))
        #expect(table.text.contains("environments: test\n"))
        #expect(table.text.contains("BROKEN  \(directory.file("broken.ferry.yaml")):3:1: is not valid YAML"), "\(table.text)")
        let listing = await FerryBinary.run(["collection", "list", directory.path, "--json"])
        let document = try json(listing)
        #expect(
            (document["requests"] as? [[String: Any]])?.map { $0["path"] as? String } == [
                "users/create.ferry.yaml", "users/list.ferry.yaml",
            ])
        let problem = try #require((document["problems"] as? [[String: Any]])?.first)
        #expect(problem["line"] as? Int == 3)
        try FileManager.default.removeItem(atPath: directory.file("broken.ferry.yaml"))
        #expect(await FerryBinary.run(["collection", "list", directory.path]).status == 0)
    }

    /// Issue 31: two links that lead back into the tree made `collection list` and `run` go on until
    /// killed; the loops are named and not followed, and the run sends what the tree holds.
    @Test func linkLoopsAreNamedByListAndRunAndNotFollowed() async throws {
        try await withDemoServer { server throws in
            let directory = try collection(baseURL: server.baseURL, ["loop/get.ferry.yaml": "url: \"{{baseURL}}/get\"\n"])
            try FileManager.default.createSymbolicLink(atPath: directory.file("loop/up"), withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(atPath: directory.file("loop/self"), withDestinationPath: "../loop")
            let table = await FerryBinary.run(["collection", "list", directory.path], timeout: 30)
            #expect(table.status == 0, "\(table.stderr)")
            #expect(
                table.text.contains(
                    "SKIPPED \(directory.file("loop/up")): leads back to the collection's folder, which holds it (a link loop)"),
                "\(table.text)")
            #expect(table.text.contains("SKIPPED \(directory.file("loop/self")): leads back to loop"))
            #expect(table.text.hasSuffix("1 request, 2 links not followed\n"))
            let listing = try json(await FerryBinary.run(["collection", "list", directory.path, "--json"], timeout: 30))
            #expect(
                (listing["skippedLinks"] as? [[String: Any]])?.map { $0["file"] as? String } == [
                    directory.file("loop/self"), directory.file("loop/up"),
                ])
            let run = await FerryBinary.run(["run", directory.path, "--env", "test", "--no-history"], timeout: 30)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("ferry: run: \(directory.file("loop/up")): leads back to the collection's folder"), "\(run.stderr)")
            #expect(run.text.contains("1 passed, 0 failed"), "\(run.text)")
        }
    }

    @Test func theBundledExamplesParseAndUseOnlyTheDemoEnvironment() async throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
            .standardizedFileURL.path
        let listing = await FerryBinary.run(["collection", "list", examples, "--json"])
        #expect(listing.status == 0, "\(listing.text)")
        let requests = try #require(try json(listing)["requests"] as? [[String: Any]])
        #expect(requests.count >= 12)
        try await withDemoServer { server throws in
            let login = await FerryBinary.run([
                "send", examples + "/auth/basic-auth.ferry.yaml", "--env", "demo", "--var", "baseURL=\(server.baseURL)",
            ])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.text.contains("\"authenticated\": true") || login.text.contains("\"authenticated\" : true"), "\(login.text)")
            let upload = await FerryBinary.run([
                "send", examples + "/echo/multipart.ferry.yaml", "--env", "demo", "--var", "baseURL=\(server.baseURL)",
            ])
            #expect(upload.status == 0, "\(upload.stderr)")
            #expect(upload.text.contains("A small text file"), "\(upload.text)")
            let graphQL = await FerryBinary.run([
                "send", examples + "/graphql/book-by-id.ferry.yaml", "--env", "demo", "--var", "baseURL=\(server.baseURL)",
            ])
            #expect(graphQL.status == 0, "\(graphQL.stderr)")
            #expect(graphQL.text.contains(#""title":"Kindred""#), "\(graphQL.text)")
            let oauth2 = await FerryBinary.run([
                "send", examples + "/auth/oauth2-client-credentials.ferry.yaml", "--env", "demo", "--var", "baseURL=\(server.baseURL)",
            ])
            #expect(oauth2.status == 0, "\(oauth2.stderr)")
            #expect(oauth2.text.contains("\"client\" : \"ferry-demo\""), "\(oauth2.text)")
        }
    }

    @Test func theDemoOpensTheExamplesFromAnyFolder() async throws {
        let home = try TemporaryDirectory()
        let environment = "TERM=tmux-256color HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config LANG=C.UTF-8"
        let session = try TmuxSession(
            command: "cd / && env \(environment) \(FerryBinary.path) demo; echo EXITED $?; sleep 60", width: 110, height: 30)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        // The demo steps through every request file of the bundled examples (folder defaults aside).
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
            .resolvingSymlinksInPath()
        let count = FileManager.default.enumerator(atPath: examples.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".ferry.yaml") && !$0.hasSuffix("_folder.ferry.yaml") }.count
        var screen = try await session.waitForScreen { $0.contains("Nothing sent yet") && $0.contains("example 1/\(count): ") }
        // F2 steps through the collection; find the JSON one and send it. The sidebar lists every
        // name, so look for the status line's "example N/COUNT: name", waiting for each step.
        for number in 2...count where !screen.contains("/\(count): a JSON document") {
            try session.send("F2")
            screen = try await session.waitForScreen { $0.contains("example \(number)/\(count): ") }
        }
        #expect(screen.contains("/\(count): a JSON document"), "\(screen)")
        #expect(screen.contains("/json ") && screen.contains("from the folder: X-Client: ferry-examples"), "\(screen)")
        try session.send("C-r")  // F2 left the URL field for the request tabs
        screen = try await session.waitForScreen { $0.contains("200 OK") }
        try session.send("C-c")
        #expect(try await session.waitForScreen { $0.contains("EXITED") }.contains("EXITED 0"))
    }
}
