import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry export curl` with the real binary: the command, run by a shell and the real curl, reaches
/// the server as `ferry send` of the same file does.
@Suite struct ExportCurlCommandTests {
    @Test func theExportedCommandRunsAndKeepsSecretsUnlessRevealed() async throws {
        try await withDemoServer { server in
            let collection = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: collection.file("environments"), withIntermediateDirectories: true)
            _ = try collection.write(
                "environments/local.yaml", Data("baseURL: \(server.baseURL)\npassword:\n  value: s3cret\n  secret: true\n".utf8))
            let file = try collection.write(
                "login.ferry.yaml",
                Data(
                    """
                    method: POST
                    url: "{{baseURL}}/anything/login"
                    headers:
                      - X-Trace: "it's 7"
                    body:
                      json:
                        user: ann
                        password: "{{password}}"

                    """.utf8))
            let hidden = await FerryBinary.run(["export", "curl", file, "--env", "local"])
            #expect(hidden.status == 0, "\(hidden.stderr)")
            #expect(hidden.text.hasPrefix("curl \(server.baseURL)/anything/login"), "\(hidden.text)")
            #expect(hidden.text.contains("{{password}}") && !hidden.text.contains("s3cret"))

            let revealed = await FerryBinary.run(["export", "curl", file, "--env", "local", "--reveal"])
            #expect(revealed.status == 0)
            let curl = await ChildProcess.run(
                "/bin/sh", ["-c", revealed.text.trimmingCharacters(in: .whitespacesAndNewlines) + " --silent"], timeout: 30)
            #expect(curl.status == 0, "\(curl.stderr)")
            let sent = await FerryBinary.run(["send", file, "--env", "local", "--no-history"])
            for fragment in [#""json" : {"#, #""password" : "s3cret""#, #""X-Trace" : "it's 7""#, #""method" : "POST""#] {
                #expect(
                    curl.text.contains(fragment) && sent.text.contains(fragment), "\(fragment)\ncurl: \(curl.text)\nferry: \(sent.text)")
            }
        }
    }
}
