import FerryTestSupport
import Foundation
import Testing

/// XPath checks through `ferry run` against the demo server's XML, with libxml2 loaded when the first
/// expression is compiled, and without it.
@Suite struct XPathRunTests {
    private func requestFile(_ directory: TemporaryDirectory, url: String) throws -> String {
        let yaml = """
            method: GET
            url: \(url)/xml
            expect:
              status: 200
              xpath:
                count(//slide): 2
                string(/slideshow/@author): Yours Truly
            """
        return try directory.write("slides.ferry.yaml", Data(yaml.utf8))
    }

    @Test func anXPathCheckPasses() async throws {
        try await withDemoServer { server throws in
            let directory = try TemporaryDirectory()
            let outcome = await FerryBinary.run(["run", try requestFile(directory, url: server.baseURL), "--no-history"])
            #expect(outcome.status == 0, "\(outcome.text)")
        }
    }

    /// Where libxml2 cannot be loaded, the file's XPath is refused with the library named and why,
    /// and a request without XPath never loads it.
    @Test func withoutLibXML2AnXPathCheckNamesTheLibraryAndTheRestRuns() async throws {
        try await withDemoServer { server throws in
            let directory = try TemporaryDirectory()
            let missing = ProcessInfo.processInfo.environment.merging(
                ["FERRY_LIBXML2": "/nonexistent/libxml2.so.2", "XDG_DATA_HOME": directory.file("data")]) { $1 }
            let outcome = await FerryBinary.run(
                ["run", try requestFile(directory, url: server.baseURL), "--no-history"], environment: missing)
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("slides.ferry.yaml:6:5: expect.xpath.count(//slide)"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("XPath needs libxml2 (/nonexistent/libxml2.so.2)"), "\(outcome.stderr)")
            let plain = await FerryBinary.run(["send", "\(server.baseURL)/xml", "--no-history"], environment: missing)
            #expect(plain.status == 0, "\(plain.text)")
        }
    }
}
