import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// Redirects are followed only to http and https, never from https down to http unless allowed, and
/// an API key header never goes on to another origin unless the user says `--location-trusted`.
@Suite struct RedirectTrustTests {
    private static func redirect(_ server: DemoServer, to target: String) -> String {
        "\(server.baseURL)/redirect-to?url=" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target)
    }

    @Test func anAPIKeyHeaderDoesNotGoOnToAnotherOrigin() async throws {
        try await withDemoServer { first throws in
            try await withDemoServer { second throws in
                let url = Self.redirect(first, to: "\(second.baseURL)/headers")
                let stopped = await FerryBinary.run(["send", url, "--api-key", "X-API-Key: K-secret-1"])
                #expect(stopped.status == 2, "\(stopped.stderr)")
                let expected = "to \(second.baseURL)/headers goes to another origin, and the X-API-Key header would go with it"
                #expect(stopped.stderr.contains(expected), "\(stopped.stderr)")
                #expect(!stopped.text.contains("K-secret-1"))
                let trusted = await FerryBinary.run(["send", url, "--api-key", "X-API-Key: K-secret-1", "--location-trusted"])
                #expect(trusted.status == 0, "\(trusted.stderr)")
                #expect(trusted.text.contains("K-secret-1"), "--location-trusted keeps it: \(trusted.text)")
                let sameOrigin = await FerryBinary.run(["send", Self.redirect(first, to: "/headers"), "--api-key", "X-API-Key: K-secret-1"])
                #expect(sameOrigin.status == 0 && sameOrigin.text.contains("K-secret-1"), "\(sameOrigin.stderr)")
            }
        }
    }

    /// Every credential Ferry adds is dropped on a hop to another origin (as curl drops
    /// `Authorization`), and `--location-trusted` keeps those that go in a header; a key in the query
    /// stays behind with the URL it was in.
    @Test(arguments: [
        (["-u", "ann:pw-secret-3"], "YW5uOnB3LXNlY3JldC0z", true),  // the base64 of ann:pw-secret-3
        (["--oauth2-bearer", "tok-secret-4"], "tok-secret-4", true),
        (["-H", "Authorization: Bearer tok-secret-5"], "tok-secret-5", true),
        (["--api-key-query", "key=q-secret-6"], "q-secret-6", false),
    ])
    func aCredentialDoesNotGoOnToAnotherOrigin(_ flags: [String], secret: String, keptWhenTrusted: Bool) async throws {
        try await withDemoServer { first throws in
            try await withDemoServer { second throws in
                let url = Self.redirect(first, to: "\(second.baseURL)/headers")
                let followed = await FerryBinary.run(["send", url, "--no-history"] + flags)
                #expect(followed.status == 0, "\(followed.stderr)")
                #expect(followed.text.contains("\"Host\""), "the second server answered: \(followed.text)")
                #expect(!followed.text.contains(secret), "\(followed.text)")
                let trusted = await FerryBinary.run(["send", url, "--no-history", "--location-trusted"] + flags)
                #expect(trusted.status == 0, "\(trusted.stderr)")
                #expect(trusted.text.contains(secret) == keptWhenTrusted, "\(trusted.text)")
            }
        }
    }

    /// `ferry run` takes the same word from the user for every request of the run.
    @Test func aRunKeepsAnAPIKeyOnAnotherOriginOnlyWithLocationTrusted() async throws {
        try await withDemoServer { first throws in
            try await withDemoServer { second throws in
                let directory = try TemporaryDirectory()
                _ = try directory.write(
                    "key.ferry.yaml",
                    Data(
                        "url: \"\(Self.redirect(first, to: "\(second.baseURL)/headers"))\"\nauth:\n  apikey: { name: X-API-Key, value: K-secret-2 }\nexpect:\n  body:\n    \"$.headers['X-API-Key']\": K-secret-2\n"
                            .utf8))
                let stopped = await FerryBinary.run(["run", directory.path, "--no-history"])
                #expect(stopped.status == 2, "\(stopped.text)\(stopped.stderr)")
                #expect(
                    stopped.text.contains("goes to another origin, and the X-API-Key header would go with it"),
                    "the reason: \(stopped.text)")
                let trusted = await FerryBinary.run(["run", directory.path, "--no-history", "--location-trusted"])
                #expect(trusted.status == 0, "\(trusted.text)\(trusted.stderr)")
            }
        }
    }

    @Test func onlyHTTPAndHTTPSAreFollowed() async throws {
        try await withDemoServer { server throws in
            let sent = await FerryBinary.run(["send", Self.redirect(server, to: "ftp://127.0.0.1:\(server.port)/etc/passwd")])
            #expect(sent.status == 2, "\(sent.stderr)")
            let expected = "to ftp://127.0.0.1:\(server.port)/etc/passwd is not followed: Ferry follows redirects only to http and https"
            #expect(sent.stderr.contains(expected), "\(sent.stderr)")
        }
    }

    @Test func httpsDownToHTTPNeedsTheFlag() async throws {
        try await withDemoServer(tls: try DemoTLSIdentity.load()) { secure throws in
            try await withDemoServer { plain throws in
                let url = Self.redirect(secure, to: "\(plain.baseURL)/get")
                let stopped = await FerryBinary.run(["send", url, "-k"])
                #expect(stopped.status == 2, "\(stopped.stderr)")
                #expect(
                    stopped.stderr.contains("the redirect from \(url) to \(plain.baseURL)/get leaves https for plain http"),
                    "\(stopped.stderr)")
                #expect(stopped.stderr.contains("--allow-insecure-redirect"))
                let allowed = await FerryBinary.run(["send", url, "-k", "--allow-insecure-redirect"])
                #expect(allowed.status == 0, "\(allowed.stderr)")
            }
        }
    }
}
