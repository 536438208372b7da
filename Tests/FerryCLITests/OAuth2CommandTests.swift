import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// OAuth 2.0 end to end: the real `ferry` binary against the demo server's authorization server,
/// the authorization code's browser step played by real `curl` (`$BROWSER`), which follows the
/// authorize redirect to Ferry's one-shot listener.
@Suite struct OAuth2CommandTests {
    /// A data folder of its own (the token cache, the history), and `ferry` run with it.
    struct Home {
        let directory: TemporaryDirectory
        /// What `$BROWSER` runs; `false` fails, so a test sees a flow that needs no browser.
        var browser = "curl -sS -L -o /dev/null"

        init() throws { directory = try TemporaryDirectory() }

        var cachePath: String { directory.path + "/ferry/oauth2/ad-hoc.json" }

        func run(_ arguments: [String]) async -> FerryBinary.Outcome {
            let environment = ProcessInfo.processInfo.environment.merging([
                "XDG_DATA_HOME": directory.path, "HOME": directory.path, "BROWSER": browser,
            ]) { $1 }
            return await FerryBinary.run(arguments, environment: environment)
        }

        /// The access tokens the cache holds, by the grant in their key.
        func cachedTokens() throws -> [String: String] {
            let data = try Data(contentsOf: URL(fileURLWithPath: cachePath))
            let tokens = try #require(
                (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["tokens"] as? [String: [String: Any]])
            return tokens.reduce(into: [:]) { $0[String($1.key.prefix { $0 != " " })] = $1.value["accessToken"] as? String }
        }
    }

    static func clientCredentials(_ server: DemoServer, secret: String = DemoOAuth.clientSecret) -> [String] {
        [
            "send", "\(server.baseURL)/oauth/resource", "--oauth2-token-url", "\(server.baseURL)/oauth/token",
            "--oauth2-client-id", DemoOAuth.clientID, "--oauth2-client-secret", secret, "--oauth2-scope", "reports",
        ]
    }

    static func authorizationCode(_ server: DemoServer) -> [String] {
        [
            "send", "\(server.baseURL)/oauth/resource", "--oauth2-grant", "authorization_code", "--oauth2-auth-url",
            "\(server.baseURL)/oauth/authorize",
            "--oauth2-token-url", "\(server.baseURL)/oauth/token", "--oauth2-client-id", DemoOAuth.publicClientID, "--oauth2-scope",
            "read write",
        ]
    }

    static func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.text)\(outcome.stderr)")
    }

    @Test func clientCredentialsAreCachedInAPrivateFileAndReusedByTheNextProcess() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let first = await home.run(Self.clientCredentials(server) + ["--json"])
            #expect(first.status == 0, "\(first.stderr)")
            let document = try Self.json(first)
            #expect(
                ((document["response"] as? [String: Any])?["body"] as? [String: Any])?["text"] as? String
                    == "{\n  \"authenticated\" : true,\n  \"client\" : \"ferry-demo\",\n  \"scope\" : \"reports\"\n}\n")
            let token = try #require(try home.cachedTokens()["client_credentials"])
            #expect(!first.text.contains(token), "the token is redacted from --json")
            #expect(first.text.contains("Bearer {{oauth2 access token}}"))
            #expect(!first.text.contains(DemoOAuth.clientSecret))

            let second = await home.run(Self.clientCredentials(server))
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.text.contains("\"authenticated\" : true"))
            #expect(server.oauth.counts.clientCredentials == 1, "the second process took the cached token")

            let file = try FileManager.default.attributesOfItem(atPath: home.cachePath)
            #expect((file[.posixPermissions] as? Int) == 0o600)
            let folder = try FileManager.default.attributesOfItem(atPath: (home.cachePath as NSString).deletingLastPathComponent)
            #expect((folder[.posixPermissions] as? Int) == 0o700)

            // The history is a real SQLite file (and its write-ahead log): the token is in neither.
            let database = home.directory.path + "/ferry/history.sqlite"
            let stored = [database, database + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            #expect(stored.range(of: Data("{{oauth2 access token}}".utf8)) != nil, "the exchanges were recorded")
            #expect(stored.range(of: Data(token.utf8)) == nil, "the token is never stored")
            #expect(stored.range(of: Data(DemoOAuth.clientSecret.utf8)) == nil)
        }
    }

    @Test func aCacheThatCannotBeWrittenIsSaidAndTheRequestStillGoes() async throws {
        let home = try Home()
        try FileManager.default.createDirectory(atPath: home.directory.path + "/ferry", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: home.directory.path + "/ferry/oauth2"))  // a file where the cache's folder goes
        try await withDemoServer { server in
            let outcome = await home.run(Self.clientCredentials(server))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.text.contains("\"authenticated\" : true"))
            #expect(outcome.stderr.hasPrefix("ferry: the OAuth 2.0 token was not cached: "), "\(outcome.stderr)")
        }
    }

    @Test func theAuthorizationCodeComesBackThroughTheLoopbackListenerWithPKCE() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let outcome = await home.run(Self.authorizationCode(server))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.text == "{\n  \"authenticated\" : true,\n  \"client\" : \"ferry-public\",\n  \"scope\" : \"read write\"\n}\n")
            #expect(
                outcome.stderr.contains(
                    "ferry: OAuth 2.0: authorize in the browser (or open \(server.baseURL)/oauth/authorize?response_type=code"))
            #expect(outcome.stderr.contains("&code_challenge_method=S256"))
            #expect(server.oauth.counts == DemoOAuth.Counts(authorizationCode: 1))
        }
    }

    @Test func aRegisteredCallbackURLIsListenedOnAndNamedAsTheRedirectURI() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let port = try unusedLocalPort()
            let outcome = await home.run(Self.authorizationCode(server) + ["--oauth2-callback-url", "http://localhost:\(port)/ferry/done"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("redirect_uri=http%3A//localhost%3A\(port)/ferry/done"), "\(outcome.stderr)")
            #expect(server.oauth.counts.authorizationCode == 1, "the token endpoint saw the same redirect_uri")

            // The port taken (by the demo server): the error names it.
            let refused = await home.run([
                "send", "\(server.baseURL)/oauth/resource", "--oauth2-auth-url", "\(server.baseURL)/oauth/authorize",
                "--oauth2-token-url", "\(server.baseURL)/oauth/token", "--oauth2-client-id", DemoOAuth.publicClientID,
                "--oauth2-scope", "other", "--oauth2-callback-url", "http://127.0.0.1:\(server.port)/cb",
            ])
            #expect(refused.status == 3)
            #expect(
                refused.stderr.contains(
                    "the OAuth 2.0 authorization failed: cannot listen on 127.0.0.1:\(server.port): Address already in use"),
                "\(refused.stderr)")
        }
    }

    @Test func theDemoServerChecksThePKCEVerifier() async throws {
        try await withDemoServer { server in
            let redirect = "http://127.0.0.1:9/callback"
            let authorize = await ChildProcess.run(
                "/usr/bin/curl",
                [
                    "-sS", "-o", "/dev/null", "-w", "%{redirect_url}",
                    "\(server.baseURL)/oauth/authorize?response_type=code&client_id=ferry-public&state=s1&code_challenge_method=S256"
                        + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&redirect_uri=\(redirect)",
                ])
            let location = try #require(URLComponents(string: authorize.text))
            #expect(location.queryItems?.first { $0.name == "state" }?.value == "s1")
            let code = try #require(location.queryItems?.first { $0.name == "code" }?.value)
            func exchange(_ verifier: String) async -> FerryBinary.Outcome {
                await ChildProcess.run(
                    "/usr/bin/curl",
                    [
                        "-sS", "\(server.baseURL)/oauth/token", "-d", "grant_type=authorization_code", "-d", "code=\(code)",
                        "-d", "client_id=ferry-public", "-d", "redirect_uri=\(redirect)", "-d", "code_verifier=\(verifier)",
                    ])
            }
            #expect(await exchange("not-the-verifier").text.contains("\"error\" : \"invalid_grant\""))
            // RFC 7636's appendix B pair; the code was used up by the refused attempt.
            #expect(await exchange("dBjftJeZ4CVP-mB92K27uhbUJU1p1r-wW1gFWFOEjXk").text.contains("the code is unknown, used or expired"))
        }
    }

    @Test func anExpiredTokenIsRefreshedBeforeItIsSent() async throws {
        var home = try Home()
        try await withDemoServer(tokenLifetime: 1) { server in
            #expect(await home.run(Self.authorizationCode(server)).status == 0)
            let token = try #require(try home.cachedTokens()["authorization_code"])
            // The server refuses the token once it expired, saying why.
            let deadline = Date().addingTimeInterval(20)
            var refused = ""
            while Date() < deadline, !refused.contains("401") {
                refused = await ChildProcess.run(
                    "/usr/bin/curl", ["-sS", "-i", "\(server.baseURL)/oauth/resource", "-H", "Authorization: Bearer \(token)"]
                ).text
            }
            #expect(
                refused.contains(
                    #"WWW-Authenticate: Bearer realm="Ferry demo", error="invalid_token", error_description="the access token expired""#),
                "\(refused)")

            home.browser = "false"  // a renewal needs no browser
            let renewed = await home.run(Self.authorizationCode(server))
            #expect(renewed.status == 0, "\(renewed.stderr)")
            #expect(renewed.text.contains("\"authenticated\" : true"))
            #expect(server.oauth.counts.refresh == 1)
            #expect(server.oauth.counts.authorizationCode == 1)
            #expect(try home.cachedTokens()["authorization_code"] != token)
        }
    }

    @Test func a401IsAnsweredByOneRefreshAndOneRetry() async throws {
        var home = try Home()
        try await withDemoServer { server in
            #expect(await home.run(Self.authorizationCode(server)).status == 0)
            let token = try #require(try home.cachedTokens()["authorization_code"])
            // Revoked (RFC 7009) while Ferry's cache still thinks it good for 5 minutes.
            #expect(
                await ChildProcess.run("/usr/bin/curl", ["-sS", "-f", "\(server.baseURL)/oauth/revoke", "-d", "token=\(token)"]).status == 0
            )

            home.browser = "false"
            let outcome = await home.run(Self.authorizationCode(server) + ["--json"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try Self.json(outcome)
            #expect((document["response"] as? [String: Any])?["status"] as? Int == 200)
            #expect(
                (document["redirects"] as? [[String: Any]])?.map { $0["status"] as? Int } == [401], "the refused attempt is the first hop")
            #expect(server.oauth.counts.refresh == 1, "exactly one refresh")
            #expect(server.oauth.counts.refusedResourceRequests == 1, "exactly one retry")
            #expect(!outcome.text.contains(token))
        }
    }

    @Test func aWrongClientSecretIsAClearErrorChain() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let outcome = await home.run(Self.clientCredentials(server, secret: "not-the-secret"))
            #expect(outcome.status == 3)
            #expect(
                outcome.stderr.contains(
                    "ferry: auth: the OAuth 2.0 token endpoint refused the client credentials grant: invalid_client (the client secret is wrong) (endpoint: \(server.baseURL)/oauth/token, status: 401, error: invalid_client)"
                ), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("not-the-secret"))

            let json = await home.run(Self.clientCredentials(server, secret: "not-the-secret") + ["--json"])
            let chain = try #require(try Self.json(json)["error"] as? [String: Any])
            let links = try #require(chain["chain"] as? [[String: Any]], "\(chain)")
            #expect(links.first?["stage"] as? String == "auth")
            #expect(links.first?["reason"] as? String == "tokenRefused")
            #expect(server.oauth.counts.refusedTokenRequests == 2)
        }
    }

    @Test func ferryRunSendsARequestFilesOAuth2WithTheEnvironmentsCachedToken() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let collection = home.directory.file("api")
            try FileManager.default.createDirectory(atPath: collection + "/environments", withIntermediateDirectories: true)
            try """
            url: "{{baseURL}}/oauth/resource"
            auth:
              oauth2:
                access-token-url: "{{baseURL}}/oauth/token"
                client-id: ferry-demo
                client-secret: "{{clientSecret}}"
            expect:
              status: 200
              body:
                $.client: ferry-demo

            """.write(toFile: collection + "/resource.ferry.yaml", atomically: true, encoding: .utf8)
            try "baseURL: \(server.baseURL)\nclientSecret:\n  value: \(DemoOAuth.clientSecret)\n  secret: true\n"
                .write(toFile: collection + "/environments/local.yaml", atomically: true, encoding: .utf8)
            for _ in 0..<2 {
                let run = await home.run(["run", collection, "--env", "local", "--reporter", "json"])
                #expect(run.status == 0, "\(run.text)\(run.stderr)")
                #expect(!run.text.contains(DemoOAuth.clientSecret) && run.text.contains("{{oauth2 access token}}"), "\(run.text)")
            }
            #expect(server.oauth.counts.clientCredentials == 1, "the second run took the token cached for the collection and environment")
            let cache = try FileManager.default.subpathsOfDirectory(atPath: home.directory.path + "/ferry/oauth2")
            #expect(cache.contains { $0.hasPrefix("api-") && $0.hasSuffix("/local.json") }, "\(cache)")
        }
    }

    @Test func ctrlCStopsTheWaitForTheBrowser() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let environment = ProcessInfo.processInfo.environment.merging([
                "XDG_DATA_HOME": home.directory.path, "HOME": home.directory.path,
                "BROWSER": "false",
            ]) { $1 }
            let process = FerryBinary.start(Self.authorizationCode(server), environment: environment)
            let stderr = PipeReader(try #require(process.standardError as? Pipe))
            #expect(await stderr.wait { $0.contains("/oauth/authorize?response_type=code") }, "\(stderr.text)")
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(!process.isRunning, "ferry send still waited for the browser after SIGINT")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            await FerryBinary.waitForExit(process)
            #expect(process.terminationStatus == 130, "\(stderr.text)")
            #expect(server.oauth.counts == DemoOAuth.Counts(), "nothing was asked of the token endpoint")
        }
    }

    @Test func theFlagsSayWhatIsMissing() async throws {
        let home = try Home()
        let noClient = await home.run(["send", "http://127.0.0.1:9/", "--oauth2-token-url", "http://127.0.0.1:9/token"])
        #expect(noClient.status == 1)
        #expect(noClient.stderr.contains("--oauth2-token-url: needs --oauth2-client-id"))
        let noAuthURL = await home.run([
            "send", "http://127.0.0.1:9/", "--oauth2-token-url", "http://127.0.0.1:9/token", "--oauth2-client-id", "c",
            "--oauth2-grant", "authorization_code",
        ])
        #expect(noAuthURL.stderr.contains("needs --oauth2-auth-url"))
    }
}
