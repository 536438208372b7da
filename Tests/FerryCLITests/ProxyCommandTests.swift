import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `-x`, `--noproxy`, `--proxy-user` and the `http_proxy` variable, with tinyproxy on loopback.
@Suite struct ProxyCommandTests {
    @Test func theProxyComesFromTheFlagOrTheEnvironment() async throws {
        try await withTinyProxy { proxy throws in
            try await withDemoServer { server throws in
                let flagged = await FerryBinary.run(["send", "\(server.baseURL)/headers", "-x", proxy.url])
                #expect(flagged.text.contains("(tinyproxy/"), "\(flagged.text)\(flagged.stderr)")
                let data = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-proxy-\(UUID().uuidString)").path
                let environment = ProcessInfo.processInfo.environment.merging(["http_proxy": proxy.url, "XDG_DATA_HOME": data]) { $1 }
                let variable = await FerryBinary.run(["send", "\(server.baseURL)/headers"], environment: environment)
                #expect(variable.text.contains("(tinyproxy/"), "http_proxy is honoured: \(variable.text)")
                let leftOut = await FerryBinary.run(["send", "\(server.baseURL)/headers", "--noproxy", "*"], environment: environment)
                #expect(!leftOut.text.contains("Via"), "\(leftOut.text)")
                try? FileManager.default.removeItem(atPath: data)
            }
        }
    }
}
