import FerryTestSupport
import Foundation
import Testing

/// The demo server as the program `ferry-demo-server` beside `ferry`: `ferry demo --tour` starts it
/// (http and https) and stops it, and `ferry serve-demo` runs it in the foreground with its options.
@Suite struct DemoServerProgramTests {
    @Test func theTourTalksToTheServerProgramOverHTTPAndPinnedHTTPS() async throws {
        let tour = await FerryBinary.run(["demo", "--tour"], timeout: 120)
        #expect(tour.status == 0, "\(tour.stderr)")
        let steps = tour.text.split(separator: "\n").filter { $0.hasPrefix("━━ ") }
        #expect(steps.count >= 8)
        let https = try #require(tour.text.components(separatedBy: "━━ ").first { $0.contains("HTTPS") }, "\(tour.text)")
        #expect(https.contains("→ HTTP/1.1 200 OK"), "\(https)")
    }

    @Test func serveDemoRunsTheServerProgramWithItsOptions() async throws {
        let directory = try TemporaryDirectory()
        let certificate = directory.file("demo.pem")
        let process = FerryBinary.start(["serve-demo", "--port", "0", "--tls", "--cert-out", certificate])
        defer { ChildProcess.stop(process, grace: 5) }
        let output = PipeReader(process.standardOutput as! Pipe)
        let started = await output.wait { $0.contains("TLS public key pin: ") && $0.hasSuffix("\n") }
        try #require(started, "ferry serve-demo printed: \(output.text)")
        let lines = output.text.split(separator: "\n")
        let base = try #require(lines.first?.components(separatedBy: "listening on ").last)
        let pin = try #require(lines.first { $0.hasPrefix("TLS public key pin: ") }?.dropFirst("TLS public key pin: ".count))
        #expect(base.hasPrefix("https://127.0.0.1:"))
        // Real curl trusts the written certificate and the printed pin.
        let curl = await ChildProcess.run(
            "/usr/bin/curl", ["-sS", "--cacert", certificate, "--pinnedpubkey", String(pin), base + "/get"], timeout: 30)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.text.contains("\"url\""))
    }
}
