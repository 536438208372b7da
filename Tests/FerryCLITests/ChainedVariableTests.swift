import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// Chained variables outside a run (`token: {from: login.ferry.yaml, path: …, ttl: …}`), end to end
/// against the demo server's `POST /login` and `GET /me`: the login is sent when the token is
/// needed, once per ttl across commands, never for a cycle, and its token is redacted everywhere.
@Suite struct ChainedVariableTests {
    /// A collection with a login request, requests that need its token and an environment whose
    /// `session` variable is chained (with `chain` as its extra fields), with its own data folder.
    private struct Collection {
        let directory: TemporaryDirectory
        let dataHome: TemporaryDirectory
        var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 } }

        init(baseURL: String, chain: String, password: String = "s3cret-demo", extra: [String: String] = [:]) throws {
            directory = try TemporaryDirectory()
            dataHome = try TemporaryDirectory()
            var files = extra
            files["environments/test.yaml"] = """
                baseURL: \(baseURL)
                password: { value: \(password), secret: true }
                session:
                  from: auth/login.ferry.yaml
                  path: $.token
                  secret: true
                \(chain)
                """
            files["auth/login.ferry.yaml"] = """
                method: POST
                url: "{{baseURL}}/login"
                body:
                  json: { user: ferry, password: "{{password}}" }
                """
            for name in ["me", "me-again", "me-third"] {
                files["calls/\(name).ferry.yaml"] =
                    "url: \"{{baseURL}}/me\"\nauth:\n  bearer: \"{{session}}\"\nexpect:\n  status: 200\n  body:\n    $.user: ferry\n"
            }
            for (path, text) in files {
                try FileManager.default.createDirectory(
                    atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = try directory.write(path, Data(text.utf8))
            }
        }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }

        func send(_ path: String) async -> FerryBinary.Outcome { await ferry(["send", directory.file(path), "--env", "test"]) }

        /// The URLs of the history's entries, oldest first.
        func historyURLs() async throws -> [String] {
            let listed = await ferry(["history", "list", "--json", "--limit", "100"])
            let entries = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]], "\(listed.stderr)")
            return entries.compactMap { $0["url"] as? String }.reversed()
        }
    }

    @Test func aChainWithATTLLogsInOnceAcrossCommandsAndKeepsItsValuePrivate() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL, chain: "  ttl: 15m")
            let first = await collection.send("calls/me.ferry.yaml")
            #expect(first.status == 0, "\(first.text)\(first.stderr)")
            #expect(first.stderr.contains("ferry: sent auth/login.ferry.yaml for {{session}} (200 OK)"), "\(first.stderr)")
            let second = await collection.send("calls/me-again.ferry.yaml")
            #expect(second.status == 0, "\(second.text)\(second.stderr)")
            #expect(!second.stderr.contains("sent auth/login"), "the kept token serves: \(second.stderr)")
            let run = await collection.ferry(["run", collection.directory.file("calls"), "--env", "test"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            let urls = try await collection.historyURLs()
            #expect(urls.filter { $0.hasSuffix("/login") }.count == 1, "one login for five calls: \(urls)")
            #expect(urls.filter { $0.hasSuffix("/me") }.count == 5)
            // The kept value is the user's alone, and the token never reaches the history.
            let chains = collection.dataHome.file("ferry/chains")
            let folders = try FileManager.default.contentsOfDirectory(atPath: chains)
            let file = "\(chains)/\(try #require(folders.first))/test.json"
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.attributesOfItem(atPath: chains)[.posixPermissions] as? Int == 0o700)
            let exported = await collection.ferry(["history", "export", "--format", "har"])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.text.contains("{{session}}"), "the token is shown by its name")
            #expect(!exported.text.contains("ZmVycnk"), "no token (it starts with the user's name in base64) is stored")
            #expect(!exported.text.contains("s3cret-demo"))
        }
    }

    /// Issue 27: a chained value whose request is an OAuth 2.0 one goes through the same pipeline as
    /// any request, so it gets its token (before, "an OAuth 2.0 request needs its token first").
    @Test func aChainedValueFromAnOAuth2RequestIsTakenBySendAndRun() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(
                baseURL: server.baseURL, chain: "",
                extra: [
                    "auth/oauth.ferry.yaml": DemoRequestFiles.oauth2Resource,
                    "use.ferry.yaml": """
                    url: "{{baseURL}}/anything?client={{client}}"
                    vars:
                      client: { from: auth/oauth.ferry.yaml, path: $.client }
                    expect:
                      body:
                        $.args.client: ferry-demo
                    """,
                ])
            let send = await collection.send("use.ferry.yaml")
            #expect(send.status == 0, "\(send.text)\(send.stderr)")
            #expect(send.stderr.contains("sent auth/oauth.ferry.yaml for {{client}} (200 OK)"), "\(send.stderr)")
            let run = await collection.ferry(["run", collection.directory.file("use.ferry.yaml"), "--env", "test"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
        }
    }

    /// Issue 27: `ferry run` reads and writes the collection's cookie jar as `ferry send` does, so a
    /// cookie set in one run is sent by the next run and by `ferry send`; `--no-cookies` neither.
    @Test func aCookieSetInOneRunIsSentByTheNextAndBySend() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(
                baseURL: server.baseURL, chain: "",
                extra: [
                    "cookies/set.ferry.yaml": "url: \"{{baseURL}}/cookies/set?flavour=oat\"\n",
                    "cookies/show.ferry.yaml": "url: \"{{baseURL}}/cookies\"\nexpect:\n  body:\n    $.cookies.flavour: oat\n",
                ])
            let set = await collection.ferry(["run", collection.directory.file("cookies/set.ferry.yaml"), "--env", "test"])
            #expect(set.status == 0, "\(set.text)\(set.stderr)")
            let shown = await collection.ferry(["run", collection.directory.file("cookies/show.ferry.yaml"), "--env", "test"])
            #expect(shown.status == 0, "the next run sends the cookie: \(shown.text)\(shown.stderr)")
            let sent = await collection.send("cookies/show.ferry.yaml")
            #expect(sent.status == 0, "ferry send sends it too: \(sent.text)\(sent.stderr)")
            let without = await collection.ferry([
                "run", collection.directory.file("cookies/show.ferry.yaml"), "--env", "test", "--no-cookies",
            ])
            #expect(without.status == 3, "--no-cookies sends none: \(without.text)\(without.stderr)")
        }
    }

    /// Issue 27: within one run, a request handed to the transport while the one before is on the
    /// wire (`TransferTurn`) took the jar as it was; when that response sets a cookie, it is not sent
    /// so but again in its turn, with the cookie — and the requests after it go ahead again.
    @Test func aCookieSetInARunIsSentByTheRequestsAfterItInTheSameRun() async throws {
        try await withDemoServer { server throws in
            let show = "url: \"{{baseURL}}/cookies\"\nexpect:\n  body:\n    $.cookies.flavour: oat\n"
            let collection = try Collection(
                baseURL: server.baseURL, chain: "",
                extra: [
                    "cookies/a-set.ferry.yaml": "url: \"{{baseURL}}/cookies/set?flavour=oat\"\n",
                    "cookies/b-show.ferry.yaml": show, "cookies/c-show.ferry.yaml": show, "cookies/d-show.ferry.yaml": show,
                ])
            let run = await collection.ferry(["run", collection.directory.file("cookies"), "--env", "test"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            #expect(run.text.contains("4 passed, 0 failed"), "\(run.text)")
        }
    }

    @Test func withoutATTLTheValueLastsForOneCommand() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL, chain: "")
            let run = await collection.ferry(["run", collection.directory.file("calls"), "--env", "test"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            #expect(
                run.stderr.components(separatedBy: "sent auth/login.ferry.yaml").count == 2, "once for the run's three calls: \(run.stderr)"
            )
            let send = await collection.send("calls/me.ferry.yaml")
            #expect(send.status == 0, "\(send.text)\(send.stderr)")
            #expect(send.stderr.contains("sent auth/login.ferry.yaml"), "a new command logs in again: \(send.stderr)")
            #expect(!FileManager.default.fileExists(atPath: collection.dataHome.file("ferry/chains")), "nothing kept on disk")
        }
    }

    @Test func aLoginThatFailsNamesTheRequestAndSendsNothingElse() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL, chain: "  ttl: 15m", password: "wrong")
            let outcome = await collection.send("calls/me.ferry.yaml")
            #expect(outcome.status == 1, "\(outcome.text)\(outcome.stderr)")
            #expect(
                outcome.stderr.contains(
                    "the variable {{session}} is taken from auth/login.ferry.yaml, which did not give it; nothing was sent"),
                "\(outcome.stderr)")
            #expect(outcome.stderr.contains("$.token found nothing in its 401 answer"), "\(outcome.stderr)")
            let urls = try await collection.historyURLs()
            #expect(urls.count == 1 && urls[0].hasSuffix("/login"), "the failed login is recorded, /me never sent: \(urls)")
        }
    }

    @Test func aCycleIsAnErrorNamingTheFiles() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(
                baseURL: server.baseURL, chain: "",
                extra: [
                    "loop/a.ferry.yaml": "url: \"{{baseURL}}/anything?y={{y}}\"\nvars:\n  y: { from: loop/b.ferry.yaml, path: $.args.a }\n",
                    "loop/b.ferry.yaml": "url: \"{{baseURL}}/anything?x={{x}}\"\nvars:\n  x: { from: loop/a.ferry.yaml, path: $.args.b }\n",
                    "loop/use.ferry.yaml": "url: \"{{baseURL}}/get?a={{a}}\"\nvars:\n  a: { from: loop/b.ferry.yaml, path: $.args.a }\n",
                ])
            let outcome = await collection.send("loop/use.ferry.yaml")
            #expect(outcome.status == 1, "\(outcome.text)\(outcome.stderr)")
            #expect(
                outcome.stderr.contains(
                    "the chain comes back to a request already waiting for it: loop/b.ferry.yaml → loop/a.ferry.yaml → loop/b.ferry.yaml"),
                "\(outcome.stderr)")
            #expect(try await collection.historyURLs().isEmpty, "nothing was sent")
        }
    }

    @Test func aMalformedChainIsReportedWithItsLineBeforeAnythingIsSent() async throws {
        try await withDemoServer { server throws in
            let collection = try Collection(baseURL: server.baseURL, chain: "  ttl: soon")
            let outcome = await collection.send("calls/me.ferry.yaml")
            #expect(outcome.status == 1, "\(outcome.text)\(outcome.stderr)")
            #expect(outcome.stderr.contains("test.yaml:7:8"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("session.ttl: expected a time such as 90s, 15m, 2h or 1d"), "\(outcome.stderr)")
            #expect(try await collection.historyURLs().isEmpty)
        }
    }
}
