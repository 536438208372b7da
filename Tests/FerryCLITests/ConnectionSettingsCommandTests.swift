import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// A proxy and a client certificate in a request file's `options:` and an environment's
/// `$options:`, used by `ferry send FILE` and `ferry run`, with flags winning; against tinyproxy
/// (with basic authentication) and `openssl s_server -Verify 1`.
@Suite struct ConnectionSettingsCommandTests {
    @Test func theEnvironmentsClientCertificateOpensAMutualTLSServer() async throws {
        let server = try await OpenSSLServer.start()
        defer { server.stop() }
        let collection = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: collection.file("environments"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: collection.file("certs"), withIntermediateDirectories: true)
        for name in ["client.pem", "client.key", "ca.pem"] {
            try FileManager.default.copyItem(atPath: server.directory.file(name), toPath: collection.file("certs/" + name))
        }
        _ = try collection.write(
            "environments/mtls.yaml",
            Data(
                """
                certPassphrase: {value: "\(server.passphrase)", secret: true}
                $options:
                  clientCert: certs/client.pem
                  clientKey: certs/client.key
                  keyPassphrase: "{{certPassphrase}}"
                """.utf8))
        let request = try collection.write("whoami.ferry.yaml", Data("url: \(server.url)\noptions:\n  caFile: certs/ca.pem\n".utf8))

        let sent = await FerryBinary.run(["send", request, "--env", "mtls"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("CN=ferry-client"))
        let run = await FerryBinary.run(["run", collection.path, "--env", "mtls"])
        #expect(run.status == 0, "\(run.text)\(run.stderr)")
        let without = await FerryBinary.run(["send", request])
        #expect(without.status == 2, "no certificate, no handshake")
        let overridden = await FerryBinary.run(["send", request, "--env", "mtls", "--pass", "not-the-passphrase"])
        #expect(overridden.status != 0, "--pass wins over the environment's passphrase")
        #expect(!overridden.stderr.contains(server.passphrase))
    }

    /// The environment's proxy is used once the user allows it (`--allow-proxy`, CollectionBoundaryTests).
    @Test func theProxyComesFromTheEnvironmentOrTheFileAndFlagsWin() async throws {
        try await withTinyProxy(basicAuth: (user: "ferry", password: "pr0xy-pass")) { proxy throws in
            try await withDemoServer { server throws in
                let collection = try TemporaryDirectory()
                try FileManager.default.createDirectory(atPath: collection.file("environments"), withIntermediateDirectories: true)
                _ = try collection.write(
                    "environments/proxied.yaml",
                    Data(
                        """
                        proxyLogin: {value: "ferry:pr0xy-pass", secret: true}
                        $options:
                          proxy: \(proxy.url)
                          proxyUser: "{{proxyLogin}}"
                        """.utf8))
                let request = try collection.write("headers.ferry.yaml", Data("url: \(server.baseURL)/headers\n".utf8))
                let direct = try collection.write(
                    "direct.ferry.yaml", Data("url: \(server.baseURL)/headers\noptions:\n  noProxy: '*'\n".utf8))

                let proxied = await FerryBinary.run(["send", request, "--env", "proxied", "--allow-proxy", "--json"])
                #expect(proxied.status == 0, "\(proxied.stderr)")
                #expect(proxied.text.contains("(tinyproxy/"), "\(proxied.text)")
                #expect(!proxied.text.contains("pr0xy-pass"), "the proxy's password is in no report")
                let wrongUser = await FerryBinary.run([
                    "send", request, "--env", "proxied", "--allow-proxy", "--proxy-user", "ferry:wrong", "-i",
                ])
                // tinyproxy refuses a plain-http request with the wrong credentials as 401 (407 for CONNECT).
                let statusLine = wrongUser.text.prefix { $0 != "\r" && $0 != "\n" }
                #expect(statusLine.hasSuffix("401 Unauthorized") || statusLine.contains(" 407 "), "--proxy-user wins: \(wrongUser.text)")
                #expect(wrongUser.text.contains("Server: tinyproxy"))
                let bypassed = await FerryBinary.run(["send", request, "--env", "proxied", "--allow-proxy", "--noproxy", "*"])
                #expect(bypassed.status == 0)
                #expect(!bypassed.text.contains("tinyproxy"))
                let fileWins = await FerryBinary.run(["send", direct, "--env", "proxied", "--allow-proxy"])
                #expect(fileWins.status == 0)
                #expect(!fileWins.text.contains("tinyproxy"), "the request's own noProxy wins over the environment")
            }
        }
    }
}
