import FerryTestSupport
import Foundation
import Testing

/// A peer nobody here wrote checks `ferry mock`: schemathesis (PyPI) sends what public OpenAPI
/// documents allow to the mock of each, and checks every answer's status, Content-Type and body
/// against the document (its response-conformance checks). No failure is expected.
@Suite struct MockConformanceTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import-corpus/openapi")

    @Test(arguments: ["oai-petstore.yaml", "museum-3.1.yaml", "oai-uspto.yaml"])
    func schemathesisFindsNoNonconformance(document: String) async throws {
        let home = try TemporaryDirectory()
        let spec = Self.corpus.appendingPathComponent(document).path
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path, "HOME": home.path]) { $1 }
        let mock = FerryBinary.start(["mock", "--port", "0", spec], environment: environment)
        let stderr = PipeReader(mock.standardError as! Pipe)
        _ = PipeReader(mock.standardOutput as! Pipe)
        defer { ChildProcess.stop(mock, grace: 5) }
        #expect(await stderr.wait { $0.contains("(Ctrl-C stops)") }, "\(stderr.text)")
        let url = try #require(
            stderr.text.range(of: #"(?<=routes on )http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression).map {
                String(stderr.text[$0])
            })
        #expect(!stderr.text.contains("warning"), "\(stderr.text)")
        let run = await ChildProcess.run(
            "/usr/bin/env",
            [
                "st", "run", spec, "--url", url, "--checks", "status_code_conformance,content_type_conformance,response_schema_conformance",
                "--max-examples", "5", "--seed", "35", "--no-color",
            ], environment: environment, directory: home.path, timeout: 120)
        #expect(run.status == 0, "\(run.text)\n\(run.stderr)")
        #expect(!run.text.contains("Failures:") && run.text.contains("passed"), "\(run.text)")
    }
}
